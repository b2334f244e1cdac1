// The import module's one door: other modules, flows and the app import only this file.
export type { CompanyBundleInput } from './company-bundle.ts';
export { BundleValidationError } from './bundle-issues.ts';
export { hasNoCompanies, importCompanyBundle, isCompanyCodeTaken } from './import.service.ts';

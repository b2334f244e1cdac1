// The import module's one door: other modules, flows and the app import only this file.
export type { CompanyBundleInput } from './company-bundle.ts';
export { BundleValidationError, hasNoCompanies, importCompanyBundle, isCompanyCodeTaken } from './import.service.ts';

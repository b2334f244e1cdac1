// The company module's one door: other modules, flows and the app import only this file.
export { companyRoutes } from './company.routes.ts';
export {
  buildCompanyConfig,
  companyBrand,
  companyFromSessionRow,
  findAllCompanies,
  findCompaniesByIds,
  findCompanyByCode,
  findCompanyByCustomerId,
  findCompanyById,
  findListItems,
  toListEntry,
} from './company.service.ts';

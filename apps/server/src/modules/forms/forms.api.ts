// The forms module's one door: other modules, flows and the app import only this file.
export { formConfigRoutes } from './form-config.routes.ts';
export { emptyMandatoryInputs, loadCompanyForm, parseCompanyForm } from './form-config.service.ts';
export type { FormOptions } from './form-config.service.ts';

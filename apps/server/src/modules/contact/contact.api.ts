// The contact module's one door: other modules, flows and the app import only this file.
export { contactRoutes } from './contact.routes.ts';

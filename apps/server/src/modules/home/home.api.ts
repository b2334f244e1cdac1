// The home module's one door: other modules, flows and the app import only this file.
export { homeRoutes } from './home.routes.ts';

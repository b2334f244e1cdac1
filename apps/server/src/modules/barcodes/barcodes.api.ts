// The barcodes module's one door: other modules, flows and the app import only this file.
export { barcodesRoutes } from './barcodes.routes.ts';

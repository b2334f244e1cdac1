// The family-data module's one door: "Download my data" (issue 24).
export { familyDataRoutes } from './family-data.routes.ts';

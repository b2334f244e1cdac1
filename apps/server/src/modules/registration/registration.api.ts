// The registration module's one door: other modules, flows and the app import only this file.
export * from './registration.repository.ts';

// The agreements module's one door: other modules, flows and the app import only this file.
export { agreementRoutes } from './agreements.routes.ts';
export { agreementsAwaitingAcceptance, checkSignature, listActiveAgreements, publishAgreementVersion, recordAcceptances } from './agreements.service.ts';

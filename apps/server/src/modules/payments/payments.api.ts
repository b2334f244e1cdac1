// The payments module's one door: other modules, flows and the app import only this file.
export { billingRoutes } from './billing.routes.ts';
export { bankFormatOf, directDebitAvailable, directDebitOffered, findSavedCardToken, registerBankMandate, saveCard, storeBankMandate } from './billing.service.ts';
export { GATEWAY_PREFIX, challengeParams, gatewayRoutes } from './gateway.routes.ts';
export { IMPORTABLE_TEST_CARDS, saveImportedTestCard, savedCardRefusal, type ImportableTestCard } from './imported-cards.ts';
export {
  DECLINE_MESSAGES,
  GatewayIdempotencyError,
  GatewayNetworkError,
  assertNoSimulatedPayments,
  decideChallenge,
  findChallenge,
  gatewayFor,
  simulatedGatewayAllowed,
  simulatedGatewayRefusal,
  tokeniseCard,
  usesSimulatedGateway,
} from './gateway.service.ts';
export type { ChargeResult, Gateways, PaymentGateway } from './gateway.service.ts';
export { createGateways } from './gateway.service.ts';
export * from './payment.repository.ts';

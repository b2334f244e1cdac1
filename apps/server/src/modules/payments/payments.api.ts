// The payments module's one door: other modules, flows and the app import only this file.
export { billingRoutes } from './billing.routes.ts';
export {
  bankFormatOf,
  bankSetupOf,
  directDebitAvailable,
  directDebitOffered,
  directDebitProviderOf,
  dropProviderMandate,
  findSavedCardToken,
  getPaymentDetails,
  keepProviderMandate,
  mandateFollows,
  registerBankMandate,
  replaceProviderMandate,
  saveCard,
  storeBankMandate,
} from './billing.service.ts';
export { DIRECT_DEBIT_NOT_SET_UP, GOCARDLESS_PROVIDER, type CollectionSeen, type GoCardless, type MandateSeen } from './gocardless.ts';
export * as directDebitRepo from './direct-debit.repository.ts';
export * as instalmentRepo from './instalment.repository.ts';
export { GATEWAY_PREFIX, challengeParams, gatewayRoutes } from './gateway.routes.ts';
export { IMPORTABLE_TEST_CARDS, saveImportedTestCard, savedCardRefusal, type ImportableTestCard } from './imported-cards.ts';
export {
  DECLINE_MESSAGES,
  GatewayIdempotencyError,
  GatewayNetworkError,
  assertNoSimulatedPayments,
  cardEntryOf,
  decideChallenge,
  findChallenge,
  gatewayFor,
  gatewayNamed,
  forgetClientAtProcessors,
  simulatedGatewayAllowed,
  simulatedGatewayRefusal,
  tokeniseCard,
  usesSimulatedGateway,
} from './gateway.service.ts';
export type { ChargeResult, Gateways, PaymentGateway } from './gateway.service.ts';
export type { CardInfo, DeclineCode } from './payment-gateway.ts';
export { createGateways } from './gateway.service.ts';
export { PAYMENTS_NOT_SET_UP } from './stripe-gateway.ts';
export { setGatewayKeys } from './processor-keys.service.ts';
export { verifyProcessorEvent, wasEventApplied, recordEventApplied } from './processor-events.ts';
export * from './payment.repository.ts';

/**
 * What the portal needs from a card gateway. The simulated gateway is the embedded default; a
 * real provider is another implementation chosen by the company's PaymentGatewayProvider.
 * Every charge carries the caller's idempotency key: the same key and request answer the same
 * charge (never a second one), the same key with another request is refused.
 */

export interface ChargeRequest {
  companyId: number;
  idempotencyKey: string;
  /** The client paying: a token another client made is declined as invalid. */
  clientId: number;
  token: string;
  amountCents: number;
  currency: string;
  description: string;
  /** The family keeps the card for later payments made without them: the charge sets it up for them too (one 3-D Secure step for both). */
  saveForLater?: boolean;
  /** Charged without the family present (a later instalment, decision 105): no 3-D Secure step can be taken. */
  offSession?: boolean;
}

export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'authentication_failed' | 'invalid_token' | 'payment_abandoned';

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'requires_action'; chargeId: string; challengeId: string }
  | { status: 'declined'; chargeId: string | null; declineCode: DeclineCode; message: string };

export interface CardInfo {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface OrphanCharge {
  chargeId: string;
  idempotencyKey: string;
  amountCents: number;
  createdAt: string;
}

/** The gateway was reached but its answer was lost: the charge may or may not have been made. */
export class GatewayNetworkError extends Error {
  override name = 'GatewayNetworkError';
}

/** The same idempotency key was used before with another request. */
export class GatewayIdempotencyError extends Error {
  override name = 'GatewayIdempotencyError';
}

export interface PaymentGateway {
  /** Written on the payment as its processor (H14). */
  readonly name: string;
  /** Whether the company's account with the processor is set up (its keys present and readable). */
  ready(companyId: number): Promise<boolean>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The charge made under a key, or null when none was. */
  retrieve(companyId: number, idempotencyKey: string): Promise<ChargeResult | null>;
  refund(companyId: number, chargeId: string): Promise<void>;
  /**
   * Cancels the charge made under a key while it still waits on its challenge step (as a
   * provider cancels a payment that requires action), so it can no longer be approved. Answers
   * the charge as it now stands: one approved meanwhile stays succeeded; null when none was made.
   */
  cancel(companyId: number, idempotencyKey: string): Promise<ChargeResult | null>;
  /**
   * Makes a card of the client's (found by lookupCard first) ready to be charged later without them (a saved card): null when
   * it is, or the secret with which the card holder's browser answers the bank's 3-D Secure step
   * first. Asking again with the same card after that step answers null. A card the bank declines
   * is refused (402, its decline code and message), so nothing is saved.
   */
  prepareSavedCard(companyId: number, clientId: number, token: string): Promise<{ clientSecret: string } | null>;
  /** The card behind a token no client holds yet (an online registration's, before its family exists), or null. */
  findUnownedCard(companyId: number, token: string): Promise<CardInfo | null>;
  /** The card behind a token of this client, or null (another client's or company's token, or none). */
  lookupCard(companyId: number, clientId: number, token: string): Promise<CardInfo | null>;
  /**
   * Gives a card tokenised before its holder was a client (an online registration's) to the
   * client the registration made, as a provider attaches a payment method to a customer. Answers
   * the card, also when it is that client's already (concurrent requests of one submission); null
   * when the token is unknown or someone else's.
   */
  attachCard(companyId: number, token: string, clientId: number): Promise<CardInfo | null>;
  /** Takes an attached card back from a client who no longer exists (the registration's family removed), so it can be attached again. */
  detachCard(companyId: number, token: string, clientId: number): Promise<void>;
  /** A mandate reference for a bank account (the account itself stays with the direct-debit provider). */
  registerBankAccount(companyId: number, details: { accountName: string; bankCode: string; accountNumber: string }): Promise<string>;
  /** Removes what the processor keeps of a family being erased (its customer and saved cards there). */
  forgetClient(companyId: number, clientId: number): Promise<void>;
  /** Successful charges made before `before` (for reconciliation against orders). */
  listSucceededCharges(companyId: number, before: string): Promise<OrphanCharge[]>;
}

export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  authentication_failed: 'We could not verify your card. Please try again or use another card.',
  invalid_token: 'Your card details have expired. Please enter your card again.',
  payment_abandoned: 'The payment was not completed.',
};

import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './gateway.repository.ts';
import { DECLINE_MESSAGES, GatewayIdempotencyError, GatewayNetworkError, type ChargeRequest, type ChargeResult, type DeclineCode, type PaymentGateway } from './payment-gateway.ts';
import { behaviourOf, brandOf, type CardBehaviour } from './test-cards.ts';

export const SIMULATED_PROVIDER = 'simulated';

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '')}`;

const DECLINES: Partial<Record<CardBehaviour, DeclineCode>> = { decline: 'card_declined', insufficient_funds: 'insufficient_funds', expired: 'expired_card' };

type ChargeRow = NonNullable<Awaited<ReturnType<typeof repo.findChargeByKey>>>;

function resultOf(row: ChargeRow): ChargeResult {
  if (row.status === 'succeeded' || row.status === 'refunded') return { status: 'succeeded', chargeId: row.charge_id };
  if (row.status === 'requires_action') return { status: 'requires_action', chargeId: row.charge_id, challengeId: row.charge_id };
  const code = (row.decline_code ?? 'card_declined') as DeclineCode;
  return { status: 'declined', chargeId: row.charge_id, declineCode: code, message: DECLINE_MESSAGES[code] };
}

export interface TokeniseInput {
  number: string;
  expMonth: number;
  expYear: number;
}

/**
 * A gateway that behaves like a real one, on the portal's database: cards are tokenised at its
 * own route (it keeps brand, last four digits, expiry and the test behaviour, never the number),
 * charges are made once per idempotency key, a challenge step holds a charge until the card
 * holder approves or fails it, and the "network failure" card makes the charge and then loses
 * the answer.
 */
export function createSimulatedGateway(db: Db): PaymentGateway & {
  /** Null for a number that is not one of its test cards: declined, as a gateway in test mode declines a real card. */
  tokenise(companyId: number, clientId: number | null, card: TokeniseInput): Promise<{ token: string; brand: string; last4: string } | null>;
  findChallenge(companyId: number, clientId: number, id: string): Promise<{ id: string; amountCents: number; currency: string; status: 'pending' | 'approved' | 'failed' } | null>;
  decideChallenge(companyId: number, clientId: number, id: string, approve: boolean): Promise<boolean>;
} {
  async function findChallenge(companyId: number, clientId: number, id: string) {
    const row = await repo.findChargeById(db, companyId, id);
    if (!row) return null;
    // Only a charge of a card that asks for a challenge has one, and only the card holder (the client whose token was charged) sees it.
    const card = await repo.findChargedCard(db, companyId, clientId, row.token);
    if (card?.behaviour !== 'challenge') return null;
    const status: 'pending' | 'approved' | 'failed' = row.status === 'requires_action' ? 'pending' : row.status === 'declined' ? 'failed' : 'approved';
    return { id: row.charge_id, amountCents: row.amount_cents, currency: row.currency, status };
  }

  return {
    name: SIMULATED_PROVIDER,

    async ready() {
      return true;
    },

    async tokenise(companyId, clientId, card) {
      const behaviour = behaviourOf(card.number);
      if (!behaviour) return null;
      const token = randomId('tok');
      const brand = brandOf(card.number);
      const last4 = card.number.slice(-4);
      await repo.insertCard(db, {
        company_id: companyId,
        client_id: clientId,
        token,
        brand,
        last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        behaviour,
        created_at: nowIso(),
      });
      return { token, brand, last4 };
    },

    async lookupCard(companyId, clientId, token) {
      const card = await repo.findCard(db, companyId, clientId, token);
      return card ? { token: card.token, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null;
    },

    async prepareSavedCard(companyId, clientId, token) {
      // The bank is asked as the card is kept (as a processor's setup does): a card it declines is refused now, not at its
      // first charge. The simulator's cards that pass are charged at any time without a step.
      const card = await repo.findCard(db, companyId, clientId, token);
      const decline = card ? DECLINES[card.behaviour as CardBehaviour] : undefined;
      if (decline) throw new AppError(402, decline, DECLINE_MESSAGES[decline]);
      return null;
    },

    async findUnownedCard(companyId, token) {
      const card = await repo.findUnownedCard(db, companyId, token);
      return card ? { token: card.token, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null;
    },

    async attachCard(companyId, token, clientId) {
      const card = await repo.attachCard(db, companyId, token, clientId);
      return card ? { token: card.token, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null;
    },

    detachCard(companyId, token, clientId) {
      return repo.detachCard(db, companyId, token, clientId);
    },

    async forgetClient() {
      // The simulator's cards are rows of the portal's database, which the erasure deletes.
    },

    async registerBankAccount() {
      return randomId('mandate');
    },

    async charge(request: ChargeRequest) {
      const hash = createHash('sha256')
        .update(JSON.stringify([request.token, request.amountCents, request.currency]))
        .digest('hex');
      // The key is kept by the insert itself: a charge made under it before is read back only when the insert finds it.
      const card = await repo.findCard(db, request.companyId, request.clientId, request.token);
      const behaviour: CardBehaviour | 'invalid' = card ? (card.behaviour as CardBehaviour) : 'invalid';
      const decline: DeclineCode | undefined = behaviour === 'invalid' ? 'invalid_token' : DECLINES[behaviour];
      const status = decline ? 'declined' : behaviour === 'challenge' ? 'requires_action' : 'succeeded';
      const now = nowIso();
      const made = await repo.insertChargeOnce(db, {
        company_id: request.companyId,
        charge_id: randomId('ch'),
        idempotency_key: request.idempotencyKey,
        request_hash: hash,
        token: request.token,
        amount_cents: request.amountCents,
        currency: request.currency,
        description: request.description,
        status,
        decline_code: decline ?? null,
        created_at: now,
        updated_at: now,
      });
      const row = made ?? (await repo.findChargeByKey(db, request.companyId, request.idempotencyKey));
      if (!row) throw new Error('charge vanished');
      if (!made && row.request_hash !== hash) throw new GatewayIdempotencyError('Keys for idempotent requests can only be used with the same parameters they were first used with.');
      if (made && behaviour === 'network_after_charge') throw new GatewayNetworkError('The connection to the gateway was lost after the charge was sent');
      return resultOf(row);
    },

    async retrieve(companyId, key) {
      const row = await repo.findChargeByKey(db, companyId, key);
      return row ? resultOf(row) : null;
    },

    async refund(companyId, chargeId) {
      const row = await repo.findChargeById(db, companyId, chargeId);
      if (!row || row.status !== 'succeeded') return;
      await repo.moveCharge(db, companyId, chargeId, 'succeeded', { status: 'refunded', refunded_cents: row.amount_cents, updated_at: nowIso() });
    },

    async cancel(companyId, key) {
      const row = await repo.findChargeByKey(db, companyId, key);
      if (row?.status !== 'requires_action') return row ? resultOf(row) : null;
      await repo.moveCharge(db, companyId, row.charge_id, 'requires_action', { status: 'declined', decline_code: 'payment_abandoned', updated_at: nowIso() });
      // Approved a moment before: the charge as it stands wins.
      return resultOf((await repo.findChargeByKey(db, companyId, key))!);
    },

    async listSucceededCharges(companyId, before) {
      const rows = await repo.findSucceededChargesBefore(db, companyId, before);
      return rows.map((r) => ({ chargeId: r.charge_id, idempotencyKey: r.idempotency_key, amountCents: r.amount_cents, createdAt: r.created_at }));
    },

    findChallenge,

    async decideChallenge(companyId, clientId, id, approve) {
      if (!(await findChallenge(companyId, clientId, id))) return false;
      return repo.moveCharge(db, companyId, id, 'requires_action', {
        status: approve ? 'succeeded' : 'declined',
        decline_code: approve ? null : 'authentication_failed',
        updated_at: nowIso(),
      });
    },
  };
}

/** The simulator with its own steps (tokenising a card, answering a challenge) besides the gateway's. */
export type SimulatedGateway = ReturnType<typeof createSimulatedGateway>;

import type Stripe from 'stripe';
import type { Ctx } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './processor.repository.ts';
import { STRIPE_PROVIDER } from './stripe-gateway.ts';

/** A processor's webhook event as the checkout reads it: which charge it is about, if any. */
export interface ProcessorEvent {
  id: string;
  type: string;
  /** The idempotency key the charge was made under (`payment-<id>`), for an event about a charge. */
  chargeKey: string | null;
}

/**
 * Checks a webhook's signature with the processor's SDK and the company's webhook secret, and
 * reads the event (decision 103). Unknown provider or no keys: not found; a bad signature: 400.
 */
export async function verifyProcessorEvent(ctx: Ctx, companyId: number, provider: string, payload: string, signature: string | undefined): Promise<ProcessorEvent> {
  if (provider !== STRIPE_PROVIDER) throw notFound();
  const account = await ctx.gateways.stripe?.account(companyId);
  if (!account) throw notFound();
  let event: Stripe.Event;
  try {
    event = account.stripe.webhooks.constructEvent(payload, signature ?? '', account.webhookSecret);
  } catch {
    throw new AppError(400, 'WEBHOOK_SIGNATURE', 'The event could not be verified.');
  }
  const object = event.data.object as { object?: string; metadata?: Record<string, string> | null };
  const chargeKey = object.object === 'payment_intent' ? (object.metadata?.portal_key ?? null) : null;
  return { id: event.id, type: event.type, chargeKey };
}

export function wasEventApplied(ctx: Pick<Ctx, 'db'>, companyId: number, provider: string, eventId: string): Promise<boolean> {
  return repo.wasEventApplied(ctx.db, companyId, provider, eventId);
}

export function recordEventApplied(ctx: Pick<Ctx, 'db'>, companyId: number, provider: string, event: ProcessorEvent): Promise<void> {
  return repo.recordEventApplied(ctx.db, { company_id: companyId, provider, event_id: event.id, type: event.type, received_at: nowIso() });
}

import type { FastifyBaseLogger } from 'fastify';
import type { GuardianRole } from '@portal/shared/guardian-schemas';
import type { Company } from './domain/company.ts';
import type { Env } from './config/env.ts';
import { inTransaction, type Db, type Engine } from './db/database.ts';
import type { FailureCounter } from './lib/failure-counter.ts';
import type { CaptchaProvider } from './modules/captcha/captcha.api.ts';
import type { Mailer } from './modules/messaging/messaging.api.ts';
import type { Gateways } from './modules/payments/payments.api.ts';

/** The time a service reads: the system's, or a test's fixed or moving one. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** An invited guardian signed in to a family, as the services that record who did what see them. */
export interface Guardian {
  id: number;
  role: GuardianRole;
  firstName: string;
  lastName: string;
}

/** Test hooks that stop a checkout at a given step (a process dying between charge and order). */
export interface PaymentFaults {
  afterCharge?: () => Promise<void> | void;
  /** Right after the order's transaction commits, before anything else runs. */
  afterOrder?: () => Promise<void> | void;
}

/**
 * What every service and flow takes first: the outside world, built once per process in
 * runtime.ts (a test hands in its own clock, gateways, captcha or mailer there). Nothing reaches
 * for a module-level singleton instead.
 */
export interface Ctx {
  db: Db;
  engine: Engine;
  env: Env;
  mailer: Mailer;
  /** Failed sign-ins per e-mail address and client address. */
  failures: FailureCounter;
  clock: Clock;
  /** The payment processors this process can reach, by the provider name a company chooses. */
  gateways: Gateways;
  captcha: CaptchaProvider;
  log: FastifyBaseLogger;
  faults?: PaymentFaults;
  /** The invited guardian making the request (decision 101); absent for the account holder, a job or the CLI. */
  guardian?: Guardian | null;
  /** One request's reads of reference data it cannot change while it runs (`once`); absent outside a request. */
  memo?: Map<string, Promise<unknown>>;
  /**
   * Runs `fn` in one transaction and hands it a context whose `db` is that transaction; inside
   * one already, it joins it. The unit of work is visible at the call, never a `db` passed by hand.
   * Never call a payment processor inside: reserve, commit, pay, then re-check in another.
   */
  transaction<T>(fn: (tx: Ctx) => Promise<T>): Promise<T>;
}

export type CtxParts = Omit<Ctx, 'transaction' | 'clock' | 'faults'> & { clock?: Clock };

export function createContext(parts: CtxParts): Ctx {
  return onDb({ clock: systemClock, ...parts }, parts.db);
}

/**
 * One request's context: the process's, with the company whose portal was called and the
 * signed-in customer (lib/endpoint-route.ts builds it before a handler runs).
 */
export interface RequestCtx<C extends Company | undefined = Company, Client extends number | undefined = number | undefined> extends Ctx {
  company: C;
  clientId: Client;
}

export function forRequest<C extends Company | undefined, Client extends number | undefined>(
  ctx: Ctx,
  request: { company: C; clientId: Client; guardian?: Guardian | null; log: FastifyBaseLogger },
): RequestCtx<C, Client> {
  return onDb<RequestCtx<C, Client>>({ ...ctx, ...request, memo: new Map() }, ctx.db);
}

/**
 * `read` once per request under `key`: for reference data a request reads from several places and
 * cannot change while it runs (a company's form configuration and lists). Outside a request
 * (a job, the CLI) it reads every time. A failed read is not kept.
 */
export function once<T>(ctx: Ctx, key: string, read: () => Promise<T>): Promise<T> {
  const memo = ctx.memo;
  if (!memo) return read();
  let hit = memo.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = read();
    memo.set(key, hit);
    hit.catch(() => memo.delete(key));
  }
  return hit;
}

/** The same context on another handle: the transaction `transaction` opened. Whatever else it carries comes along. */
function onDb<C extends Ctx>(parts: Omit<C, 'transaction' | 'db'>, db: Db): C {
  const ctx = {
    ...parts,
    db,
    transaction: <T>(fn: (tx: Ctx) => Promise<T>) => inTransaction(ctx.db, (trx) => fn(trx === ctx.db ? ctx : onDb<C>(ctx, trx))),
  } as C;
  return ctx;
}

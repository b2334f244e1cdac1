import type { FormOutput } from '@portal/shared/form-engine/form-types';
import { myDetailsMessages as dm } from '@portal/shared/my-details-schemas';
import { registrationMessages } from '@portal/shared/registration-schemas';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { hashToken } from '../../lib/tokens.ts';
import * as registrations from '../registration/registration.api.ts';
import * as repo from './my-details.repository.ts';

// Registration IDs (RegID, S38, U24): drawn from the company's sequence, read-only once held.

const REG_ID_PREFIX: Record<string, string> = { customer: 'C', student: 'S' };
const REG_ID_DIGITS = 6;

const locked = () => new AppError(422, 'REG_ID_LOCKED', dm.regIdLocked, [{ field: 'RegID', message: dm.regIdLocked }]);

/**
 * The RegID a new customer's form asks for, checked as a save would check it (a 422 on the field).
 * A registration that drew one for its form (`drawn`) registers with that one only.
 */
export async function checkNewCustomerRegId(ctx: Ctx, companyId: number, form: FormOutput<'customer'>, drawn: string | null = null): Promise<void> {
  const asked = (form as Record<string, unknown>).RegID;
  if (typeof asked !== 'string') return;
  if (drawn !== null && asked !== drawn) throw locked();
  await checkedRegId(ctx, companyId, '', asked, { ownRegistration: drawn !== null });
}

/**
 * RegID is read-only (S38): the stored one stays; a customer without one may take only an id
 * that generate-reg-id handed out and nobody holds: no client, and no registration under way that
 * drew it for its form (unless it is that registration's own, `ownRegistration`). Answers the
 * value to store, or undefined.
 */
export async function checkedRegId(ctx: Ctx, companyId: number, stored: string, asked: string | null, { ownRegistration = false } = {}): Promise<string | undefined> {
  if (asked === null || asked === stored) return undefined;
  if (stored !== '') throw locked();
  const match = new RegExp(`^${REG_ID_PREFIX.customer}([0-9]{${REG_ID_DIGITS}})$`).exec(asked);
  const issued = match ? Number(match[1]) : 0;
  if (issued < 1 || issued > (await repo.lastRegIdNumber(ctx.db, companyId, 'customer'))) throw locked();
  if (await repo.isRegIdTaken(ctx.db, companyId, asked)) throw locked();
  if (!ownRegistration && (await registrations.isRegIdHeldByOpenRegistration(ctx.db, companyId, asked, nowIso(ctx.clock.now())))) throw locked();
  return asked;
}

/** GenerateRegId (R20, U24): the next id of the company's sequence for the type, skipping any a client already holds. */
export async function generateRegId(ctx: Ctx, companyId: number, type: string): Promise<string> {
  for (;;) {
    const n = await repo.nextRegIdNumber(ctx.db, companyId, type);
    const id = `${REG_ID_PREFIX[type] ?? 'C'}${String(n).padStart(REG_ID_DIGITS, '0')}`;
    if (type !== 'customer' || !(await repo.isRegIdTaken(ctx.db, companyId, id))) return id;
  }
}

/**
 * GenerateRegId for a signed-in family whose record holds none (K10: its form shows one, read-only):
 * drawn once and kept on the record at once, so however often the form is shown (My Details, the
 * sign-in's Update Your Details) the family sees one number and the sequence skips none for it. A
 * family that holds one is answered it.
 */
export async function clientRegId(ctx: Ctx, companyId: number, clientId: number): Promise<string> {
  const held = await repo.findClientRegId(ctx.db, companyId, clientId);
  if (held) return held;
  const drawn = await generateRegId(ctx, companyId, 'customer');
  if (await repo.setRegIdIfNone(ctx.db, companyId, clientId, drawn)) return drawn;
  // Two forms asked at once: the one the other request kept.
  return (await repo.findClientRegId(ctx.db, companyId, clientId)) || drawn;
}

/**
 * GenerateRegId for a new family's registration under way (its X-Registration-Token, N21): the
 * customer id drawn the first time its form asks, kept against the registration under its lock
 * and answered again each time after, so however often the form is shown the family sees one
 * number and the sequence skips none for it.
 */
export function registrationRegId(ctx: Ctx, companyId: number, registrationToken: string): Promise<string> {
  const expired = () => new AppError(422, 'REGISTRATION_EXPIRED', registrationMessages.registrationExpired);
  return ctx.transaction(async (tx) => {
    const now = nowIso(tx.clock.now());
    const open = () => registrations.findOpenRegistration(tx.db, companyId, hashToken(registrationToken), now);
    const found = await open();
    if (!found || !(await registrations.lockOpenRegistration(tx.db, companyId, found.id, now))) throw expired();
    // Read again under the lock: a call that took it first may have drawn one meanwhile.
    const kept = (await open())?.reg_id;
    if (kept) return kept;
    const id = await generateRegId(tx, companyId, 'customer');
    await registrations.setRegistrationRegId(tx.db, companyId, found.id, id);
    return id;
  });
}

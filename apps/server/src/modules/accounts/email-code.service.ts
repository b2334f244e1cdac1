import type { Ctx } from '../../context.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { hashCode, hashToken, newEmailCode, newToken, safeEqual } from '../../lib/tokens.ts';
import * as repo from './customer.repository.ts';

/**
 * The one mechanism of 6-digit codes mailed to an address (registration, e-mail change, online
 * registration): a random token pairs with the code, both only stored hashed (decision 010); a
 * code lives 10 minutes, allows 5 tries and is used once (decisions 020, 035, 047).
 */
export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** Wrong tries an address's codes of one purpose may take in EMAIL_CODE_TTL_MINUTES, however many codes it is sent. */
const EMAIL_CODE_MAX_ATTEMPTS_PER_ADDRESS = 10;

export type EmailCodePurpose = 'register' | 'email-change' | 'registration';
export type EmailCodeRow = NonNullable<Awaited<ReturnType<typeof repo.findEmailCode>>>;

/**
 * Stores a new code and answers it with its token. A `decoy` stores the hash of another code,
 * so the answer looks the same while the mailed notice carries none. A code of a client replaces
 * the client's earlier unused ones of the purpose.
 */
export async function issueEmailCode(
  ctx: Ctx,
  input: { companyId: number; purpose: EmailCodePurpose; email: string; clientId?: number; payload?: unknown; decoy?: boolean },
): Promise<{ token: string; code: number }> {
  const token = newToken();
  const code = newEmailCode();
  await repo.insertEmailCode(ctx.db, {
    companyId: input.companyId,
    purpose: input.purpose,
    email: input.email,
    ...(input.clientId !== undefined ? { clientId: input.clientId } : {}),
    tokenHash: hashToken(token),
    codeHash: hashCode(token, input.decoy ? newEmailCode() : code),
    payload: JSON.stringify(input.payload ?? {}),
    expiresAt: addMinutes(ctx.clock.now(), EMAIL_CODE_TTL_MINUTES).toISOString(),
  });
  return { token, code };
}

export function findEmailCode(ctx: Ctx, companyId: number, purpose: EmailCodePurpose, token: string): Promise<EmailCodeRow | undefined> {
  return repo.findEmailCode(ctx.db, companyId, purpose, hashToken(token));
}

/** The address a client's live code of the purpose was sent to, or null. */
export async function pendingEmailCodeAddress(ctx: Ctx, companyId: number, purpose: EmailCodePurpose, clientId: number): Promise<string | null> {
  return (await repo.findPendingEmailCode(ctx.db, companyId, purpose, clientId, nowIso()))?.email ?? null;
}

/**
 * Checks a code against its row: 'invalid' when used, expired or wrong, 'tooManyTries' once the
 * tries are spent (the code's own, or the address's across its recent codes). Every try is
 * counted before the code is compared, in one statement, so parallel guesses cannot get more
 * than EMAIL_CODE_MAX_ATTEMPTS looks at it.
 */
export async function checkEmailCode(ctx: Ctx, companyId: number, row: EmailCodeRow, token: string, code: number): Promise<'ok' | 'invalid' | 'tooManyTries'> {
  if (row.used_at || row.expires_at <= nowIso()) return 'invalid';
  // New codes do not buy more guesses at one address: its recent codes share a budget.
  const since = addMinutes(ctx.clock.now(), -EMAIL_CODE_TTL_MINUTES).toISOString();
  if ((await repo.sumEmailCodeAttempts(ctx.db, companyId, row.purpose, row.email, since)) >= EMAIL_CODE_MAX_ATTEMPTS_PER_ADDRESS) return 'tooManyTries';
  const attempt = await repo.countEmailCodeAttempt(ctx.db, companyId, row.id, EMAIL_CODE_MAX_ATTEMPTS);
  if (attempt === undefined) return 'tooManyTries';
  if (safeEqual(row.code_hash, hashCode(token, code))) return 'ok';
  return attempt >= EMAIL_CODE_MAX_ATTEMPTS ? 'tooManyTries' : 'invalid';
}

/**
 * After `checkEmailCode` answered 'invalid' (the one try counted there), the row of the earlier
 * tokens whose code this is: a live, unused code of the same purpose and address, with tries of
 * its own left. No try is counted here, so naming earlier codes buys no extra guesses at the
 * address; each guess is compared with at most the few codes mailed to it meanwhile.
 */
export async function findEarlierCode(ctx: Ctx, companyId: number, row: EmailCodeRow, tokens: readonly string[], code: number): Promise<EmailCodeRow | undefined> {
  const now = nowIso();
  // A used code's registration is open already: nothing earlier opens another.
  if (row.used_at) return undefined;
  for (const token of tokens) {
    const earlier = await repo.findEmailCode(ctx.db, companyId, row.purpose, hashToken(token));
    if (!earlier || earlier.id === row.id || earlier.email !== row.email || earlier.used_at || earlier.expires_at <= now || earlier.attempts >= EMAIL_CODE_MAX_ATTEMPTS) continue;
    if (safeEqual(earlier.code_hash, hashCode(token, code))) return earlier;
  }
  return undefined;
}

/** Uses the code once; false when another request used it first. */
export function consumeEmailCode(ctx: Ctx, companyId: number, id: number): Promise<boolean> {
  return repo.consumeEmailCode(ctx.db, companyId, id);
}

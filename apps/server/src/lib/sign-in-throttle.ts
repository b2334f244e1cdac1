import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.ts';
import { AppError, tooManyRequests } from './app-error.ts';
import type { Bucket } from '../plugins/rate-limits.ts';

/**
 * Counts one call per IP in its bucket: sign-in, get-clients, get-by-email and the company
 * logins share one; registration, reset and contact calls have their own of the same size.
 * `perEmail` (reset requests) also counts per e-mail address.
 */
export async function throttle(req: FastifyRequest, bucket: Bucket, perEmail = false) {
  await req.server.throttle(req, bucket, perEmail);
}

const SIGN_IN_WINDOW_MS = 15 * 60_000;
/**
 * Failed sign-ins from one client address, whatever the e-mail: AUTH_RATE_LIMIT a minute. Only
 * failures count, so the families behind one school's address (NAT) all sign in; a guesser
 * trying many addresses from one place is held to the same pace as before.
 */
const IP_GROUP = 'signin-ip';
const IP_WINDOW_MS = 60_000;
const failureGroup = (email: string) => `signin:${email}`;

/** Who is signing in: the address tried, from the client address the throttles count by (req.ip). */
export interface SignInAttempt {
  email: string;
  ip: string;
}

/**
 * Runs a password check under the failure count of its e-mail address from this client address:
 * refused while that pair holds AUTH_EMAIL_RATE_LIMIT failures in its 15-minute window; a wrong
 * password counts one, a right one clears the pair. Successes never count, so a customer who
 * signs in often is never refused; and a stranger's failures hold only the stranger's own client
 * address, so the owner, signing in from theirs, is never locked out (the failures per client
 * address, below, bound how many addresses one client can try).
 */
export async function withSignInFailures<T>(ctx: Ctx, attempt: SignInAttempt, check: () => Promise<T>): Promise<T> {
  const group = failureGroup(attempt.email);
  const [mine, address] = await Promise.all([ctx.failures.read(group, attempt.ip), ctx.failures.read(IP_GROUP, attempt.ip)]);
  if (mine.count >= ctx.env.AUTH_EMAIL_RATE_LIMIT) throw tooManyRequests(mine.ttlMs);
  if (address.count >= ctx.env.AUTH_RATE_LIMIT) throw tooManyRequests(address.ttlMs);
  try {
    const result = await check();
    // The address's own count is not cleared: one account's right password must not reset a guesser's count.
    await ctx.failures.clear(group, attempt.ip);
    return result;
  } catch (err) {
    if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') {
      await Promise.all([ctx.failures.fail(group, attempt.ip, SIGN_IN_WINDOW_MS), ctx.failures.fail(IP_GROUP, attempt.ip, IP_WINDOW_MS)]);
    }
    throw err;
  }
}

/** A completed reset or password change: the address starts afresh from every client address. */
export async function clearSignInFailures(ctx: Ctx, email: string): Promise<void> {
  await ctx.failures.clearGroup(failureGroup(email));
}

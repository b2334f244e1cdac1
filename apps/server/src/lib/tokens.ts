import crypto from 'node:crypto';

/** 256-bit random token, URL-safe. Only its hash is ever stored. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Whether a value could be a token from newToken (32 bytes in base64url). */
export function isTokenShaped(value: string | undefined): value is string {
  return value !== undefined && value.length === 43 && /^[A-Za-z0-9_-]+$/.test(value);
}

/** One-shot crypto.hash: a third of createHash's cost for a short input, and it runs twice on every call (the session lookup). */
export function hashToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}

/** Six-digit code, 100000–999999, so it survives being sent as a JSON number (X25). */
export function newEmailCode(): number {
  return crypto.randomInt(100_000, 1_000_000);
}

export function hashCode(token: string, code: number): string {
  return crypto.createHash('sha256').update(`${token}:${code}`).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id, m ≥ 19 MiB, t = 2, p = 1. Algorithm 2 = argon2id.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it verifies against a dummy one, so an unknown
 * e-mail costs the same time as a wrong password.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-real-password-0!', options);
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

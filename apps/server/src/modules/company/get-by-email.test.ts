import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser, ownCompany, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { GET_BY_EMAIL_HASHES } from '../accounts/customer.service.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type * as passwords from '../../lib/passwords.ts';

// The real verification, watched: which stored hashes each call checks.
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

/**
 * get-by-email must not tell, by its time, how many companies know an address: every call
 * verifies exactly GET_BY_EMAIL_HASHES hashes (the address's own, padded with the dummy), so an
 * unknown address, one known at two companies and one known at more than the cap cost alike.
 * The time itself is a bench figure (decision 009): a ratio asserted here would fail on a busy
 * machine for reasons that are not the code's.
 */
describe.each(testEngines())('get-by-email verifies a fixed number of hashes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  /** The call's answer and the stored hashes it verified against (undefined: the dummy). */
  async function getByEmail(email: string, password: string) {
    vi.mocked(verifyPassword).mockClear();
    const res = await new Browser(t.server).post<{ companies?: { TradingName: string }[] }>('/api/company/get-by-email', { email, password });
    return { status: res.status, body: res.body, verified: vi.mocked(verifyPassword).mock.calls.map(([stored]) => stored) };
  }

  it('an unknown address: the dummy hash, GET_BY_EMAIL_HASHES times', async () => {
    const { status, verified } = await getByEmail('nobody-at-all@example.com', 'Wrong#Guess12');
    expect(status).toBe(401);
    expect(verified).toEqual(Array(GET_BY_EMAIL_HASHES).fill(undefined));
  });

  it('an address known at two companies: its two hashes and the dummy, right password or wrong', async () => {
    const email = 'two-places@example.com';
    const one = await ownCompany(t, { email });
    await ownCompany(t, { email });
    for (const [password, expected] of [
      ['Wrong#Guess12', 401],
      [one.password, 200],
    ] as const) {
      const { status, body, verified } = await getByEmail(email, password);
      expect(status).toBe(expected);
      expect(verified).toHaveLength(GET_BY_EMAIL_HASHES);
      const real = verified.filter((h) => h !== undefined);
      expect(real).toHaveLength(2);
      expect(new Set(real).size).toBe(2);
      if (status === 200) expect(body.companies?.map((c) => c.TradingName)).toEqual(['Harbour Swim Club', 'Harbour Swim Club']);
    }
  });

  it('an address known at more companies than the cap: still GET_BY_EMAIL_HASHES verifications', async () => {
    const email = 'many-places@example.com';
    for (let i = 0; i < GET_BY_EMAIL_HASHES + 1; i++) await ownCompany(t, { email });
    const { status, verified } = await getByEmail(email, 'Wrong#Guess12');
    expect(status).toBe(401);
    expect(verified).toHaveLength(GET_BY_EMAIL_HASHES);
    expect(verified.every((h) => typeof h === 'string')).toBe(true);
  });
});

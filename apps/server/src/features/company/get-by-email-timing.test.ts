import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestApp, type TestApp } from '../../test/api-harness.ts';

/**
 * get-by-email must not tell, by its time, how many companies know an address. parent@example.com
 * has sign-ins at SPLASH and ACE; an unknown address has none. Both get a wrong password.
 */
describe('get-by-email timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  async function timeOf(email: string): Promise<number> {
    const start = performance.now();
    const res = await new Browser(t.server).post('/api/company/get-by-email', { email, password: 'Wrong#Guess12' });
    expect(res.status).toBe(401);
    return performance.now() - start;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  it('an address known at two companies takes within 1.2x the time of an unknown address', async () => {
    await timeOf('warm-up@example.com');
    await timeOf('parent@example.com');
    const unknown: number[] = [];
    const known: number[] = [];
    // Interleaved, so load on the machine falls on both alike.
    for (let i = 0; i < 15; i++) {
      unknown.push(await timeOf(`nobody-${i}@example.com`));
      known.push(await timeOf('parent@example.com'));
    }
    const ratio = median(known) / median(unknown);
    console.log(`get-by-email median: unknown ${median(unknown).toFixed(1)} ms, known at two companies ${median(known).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
    expect(ratio).toBeLessThan(1.2);
    expect(ratio).toBeGreaterThan(1 / 1.2);
  });
});

import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/** Every API call the page makes, with when it left and when its answer had come (ms since the epoch). */
function timeApiCalls(page: Page) {
  const calls: { name: string; request: Request }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push({ name: `${request.method()} ${url.pathname}`, request });
  });
  return async () =>
    Promise.all(
      calls.map(async ({ name, request }) => {
        await request.response();
        const t = request.timing();
        return { name, start: t.startTime, end: t.startTime + t.responseEnd };
      }),
    );
}

/** The longest run of calls each sent only after the one before it had answered: the round trips a visitor waits for one after another. */
function sequentialRoundTrips(calls: { start: number; end: number }[]): number {
  const depth = new Map<number, number>();
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  sorted.forEach((call, i) => {
    const before = sorted.slice(0, i).filter((c) => c.end <= call.start);
    depth.set(i, 1 + Math.max(0, ...before.map((c) => depth.get(sorted.indexOf(c))!)));
  });
  return Math.max(0, ...depth.values());
}

test.describe('a registration link’s first screen (/ocr)', () => {
  test('enters the company in the spec’s order (A30), then asks for the configuration, the profile and its form side by side', async ({ page, world }) => {
    const splash = world.company('SPLASH');
    const timings = timeApiCalls(page);
    await page.goto(`/ocr?id=${splash.customerId}&p=1`);
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    const calls = await timings();
    const names = calls.map((c) => c.name);
    expect(names.slice(0, 2)).toEqual(['POST /api/company/logout', 'POST /api/company/login-by-customer-id']);
    expect(new Set(names.slice(2))).toEqual(new Set(['GET /api/company/get-config', 'GET /api/classes/ocr-profiles/1', 'GET /api/customer/get-form-fields']));
    // Logout, login, then the three at once: three round trips, not five.
    expect(sequentialRoundTrips(calls)).toBe(3);
    const login = calls[1]!;
    for (const call of calls.slice(2)) expect(call.start, call.name).toBeGreaterThanOrEqual(login.end);
  });
});

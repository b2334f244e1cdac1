import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/**
 * Every API call the page makes, in the order sent, with the round trips a visitor waits for up to
 * its answer: one more than the most of any call already answered when it was sent (the calls
 * it could have waited for). Read from the browser's own order of events, not from clocks.
 */
function traceApiCalls(page: Page) {
  const calls: { name: string; request: Request; trips: number }[] = [];
  const answered: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push({ name: `${request.method()} ${url.pathname}`, request, trips: 1 + Math.max(0, ...answered) });
  });
  page.on('response', (response) => {
    const call = calls.find((c) => c.request === response.request());
    if (call) answered.push(call.trips);
  });
  return calls;
}

test.describe('a registration link’s first screen (/ocr)', () => {
  test('enters the company in the spec’s order (A30), then asks for the configuration, the profile and its form side by side', async ({ page, world }) => {
    const splash = world.company('SPLASH');
    const calls = traceApiCalls(page);
    await page.goto(`/ocr?id=${splash.customerId}&p=1`);
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    const names = calls.map((c) => c.name);
    expect(names.slice(0, 2)).toEqual(['POST /api/company/logout', 'POST /api/company/login-by-customer-id']);
    expect(new Set(names.slice(2))).toEqual(new Set(['GET /api/company/get-config', 'GET /api/classes/ocr-profiles/1', 'GET /api/customer/get-form-fields']));
    // Logout, login, then the three at once: three round trips, not five.
    expect(calls.map((c) => c.trips)).toEqual([1, 2, 3, 3, 3]);
  });
});

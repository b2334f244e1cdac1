import type { Page } from '@playwright/test';
import { expect, signInViaApi, test } from '../support/fixtures.ts';

function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

/** The lazy chunk behind the "opens soon" pages, answered by an HTML 404 as after a redeploy. */
async function breakComingSoonChunk(page: Page, times?: number) {
  await page.route(
    /\/assets\/coming-soon-route-[^/]+\.js$/,
    (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' }),
    times ? { times } : undefined,
  );
}

test.describe('error pages', () => {
  test('B32: a page crashing on a malformed answer shows the generic error page; Home Page reloads /hub/company', async ({ page }) => {
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await page.route(
      (url) => url.pathname === '/api/home/get-upcoming-classes',
      (route) => route.fulfill({ json: { current_page: 1, total_pages: 1, upcoming_classes: [null] } }),
      { times: 1 },
    );
    await page.goto('/hub/company');
    await expect(page.getByRole('heading', { name: 'OOPS! Something went wrong.' })).toBeVisible();
    await expect(page.getByText(/null/).first()).toBeVisible();

    await page.evaluate(() => Object.assign(window, { beforeHomePage: true }));
    await page.getByRole('button', { name: 'Home Page' }).click();
    await expect(page).toHaveURL(/\/hub\/company$/);
    await expect(page.getByText('Upcoming Classes').first()).toBeVisible();
    expect(await page.evaluate(() => 'beforeHomePage' in window)).toBe(false);
  });

  test('B35: a missing lazy chunk reloads the page once, which then works', async ({ page }) => {
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await breakComingSoonChunk(page, 1);
    const loads = countDocumentLoads(page);
    await page.goto('/hub/students');
    await expect(page.getByRole('heading', { name: 'Swimmers' })).toBeVisible();
    expect(loads()).toBe(2);
  });

  test('B35: a chunk still missing after the reload shows the error page, with no second reload', async ({ page }) => {
    await signInViaApi(page, { code: 'SPLASH', email: 'parent@example.com' });
    await breakComingSoonChunk(page);
    const loads = countDocumentLoads(page);
    await page.goto('/hub/students');
    await expect(page.getByRole('heading', { name: 'OOPS! Something went wrong.' })).toBeVisible();
    await expect(page.getByText(/dynamically imported module|MIME type/).first()).toBeVisible();
    expect(loads()).toBe(2);
  });
});

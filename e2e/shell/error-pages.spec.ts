import type { Page } from '@playwright/test';
import { expect, signInViaApi, test } from '../support/fixtures.ts';

function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

/** The lazy chunk of the students page, answered by an HTML 404 as after a redeploy. */
async function breakStudentsChunk(page: Page, times?: number) {
  await page.route(
    /\/assets\/students-route-[^/]+\.js$/,
    (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' }),
    times ? { times } : undefined,
  );
}

test.describe('error pages', () => {
  test('B35: a missing lazy chunk reloads the page once, which then works; one still missing after the reload shows the error page', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });

    await test.step('B35: a missing lazy chunk reloads the page once, which then works', async () => {
      await breakStudentsChunk(page, 1);
      const loads = countDocumentLoads(page);
      await page.goto('/hub/students');
      await expect(page.getByRole('heading', { name: 'Swimmers' })).toBeVisible();
      expect(loads()).toBe(2);
      await page.unrouteAll();
    });

    await test.step('B35: a chunk still missing after the reload shows the error page, with no second reload', async () => {
      // As in a new tab: the page remembers its last reload in session storage, for this tab only.
      await page.evaluate(() => window.sessionStorage.clear());
      await breakStudentsChunk(page);
      const loads = countDocumentLoads(page);
      await page.goto('/hub/students');
      await expect(page.getByRole('heading', { name: 'OOPS! Something went wrong.' })).toBeVisible();
      await expect(page.getByText(/dynamically imported module|MIME type/).first()).toBeVisible();
      expect(loads()).toBe(2);
    });
  });
});

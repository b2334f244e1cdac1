import type { Page } from '@playwright/test';
import { chooseCompanyViaApi, expect, signInViaApi, test } from '../support/fixtures.ts';

/**
 * The intro is its own lazy chunk, asked for as soon as the page decides to show it: on a drawn
 * page that never fetched the chunk, the intro is not there and cannot come later.
 */
async function expectNoIntro(page: Page) {
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((name) => /\/intro-carousel-[^/]+\.js$/.test(name)),
  );
  expect(fetched).toEqual([]);
  await expect(page.getByRole('dialog', { name: 'Welcome' })).toHaveCount(0);
}

test.describe('intro carousel', () => {
  test('B26, B22–B24: no intro with a client_id; three steps with Skip/Next, then Get Started; not shown again', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });

    // First: the intro has not been seen yet in this browser, so only the client_id keeps it away.
    await test.step('B26: no intro with a client_id', async () => {
      await page.goto('/hub/company?intro=1&client_id=1');
      await expect(page.getByText('Upcoming Classes').first()).toBeVisible();
      await expectNoIntro(page);
    });

    await test.step('B22–B24: three steps with Skip/Next, then Get Started; not shown again', async () => {
      await page.goto('/hub/company?intro=1');
      const intro = page.getByRole('dialog');
      await expect(intro.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      await expect(intro.getByRole('button', { name: 'Skip' })).toBeVisible();
      await intro.getByRole('button', { name: 'Next' }).click();
      await expect(intro.getByRole('heading', { name: 'Private, Safe, and Secure' })).toBeVisible();
      await intro.getByRole('button', { name: 'Next' }).click();
      await expect(intro.getByRole('heading', { name: 'Updated and Improved' })).toBeVisible();
      await expect(intro.getByRole('button', { name: 'Skip' })).toHaveCount(0);
      await expect(intro.getByRole('button', { name: 'Next' })).toHaveCount(0);
      await intro.getByRole('button', { name: 'Get Started' }).click();
      await expect(intro).toBeHidden();
      await expect(page).toHaveURL(/\/hub\/company$/);
      const prefs = await page.evaluate(() => JSON.parse(window.localStorage.getItem('portal-prefs') ?? '{}') as { state?: { introDone?: boolean } });
      expect(prefs.state?.introDone).toBe(true);
      await page.goto('/hub/company?intro=1');
      await expect(page.getByText('Upcoming Classes').first()).toBeVisible();
      await expectNoIntro(page);
    });
  });

  test('B25, B24: no intro on /reset-password or /ocr; Skip ends the intro at once', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);

    // First: Skip remembers that the intro was seen, after which no page would show it.
    await test.step('B25: no intro on /reset-password or /ocr', async () => {
      await page.goto('/ocr?intro=1');
      await expect(page.getByRole('heading', { name: 'Online Registration' })).toBeVisible();
      await expectNoIntro(page);
      await page.goto('/reset-password?intro=1&token=unknown');
      await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
      await expectNoIntro(page);
    });

    await test.step('B24: Skip ends the intro at once', async () => {
      await page.goto('/hub?intro=1');
      const intro = page.getByRole('dialog', { name: 'Welcome' });
      await intro.getByRole('button', { name: 'Skip' }).click();
      await expect(intro).toBeHidden();
      await expect(page).toHaveURL(/\/hub$/);
    });
  });

  test('B27: no intro while sign-in actions are queued', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('new') });
    await page.goto('/hub/sign-in-actions?intro=1');
    await expect(page.getByRole('heading', { name: 'Before you continue' })).toBeVisible();
    // Here the chunk may be fetched while the actions load (the intro waits for them): let it
    // arrive and be drawn if it were to be, before checking that it stayed away.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog', { name: 'Welcome' })).toHaveCount(0);
  });
});

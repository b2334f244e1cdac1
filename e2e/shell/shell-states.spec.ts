import { chooseCompanyViaApi, expect, openLoginModal, openUserMenu, signInViaApi, test } from '../support/fixtures.ts';

/** Whether a request is the company configuration's (the portal's first call on every page). */
const isGetConfig = (url: URL) => url.pathname === '/api/company/get-config';

test.describe('the shell: company configuration, modals, dark mode', () => {
  test('A28: get-config failing on /hub/students sends the visitor to /hub with the page to return to', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    await page.route(isGetConfig, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server error', code: 'SERVER_ERROR' }) }));
    await page.goto('/hub/students');
    await expect(page).toHaveURL(/\/hub\?to=%2Fhub%2Fstudents$/);
  });

  test('B28: while get-config is on its way the loading splash shows, then the page', async ({ page, world }) => {
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isGetConfig, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/hub', { waitUntil: 'commit' });
    const splash = page.getByRole('status').filter({ hasText: 'Loading your Customer Hub…' });
    await expect(splash).toBeVisible();
    await page.waitForTimeout(2_000);
    await expect(splash).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to your Customer Hub!' })).toBeVisible();
    await expect(splash).toHaveCount(0);
  });

  test('B31, T7: a modal is a centred card above 480 px and a bottom sheet at 480 px, opening in 0.3 s either way', async ({ page, world }) => {
    // Animations run as the customer sees them (the suite otherwise reduces motion).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await chooseCompanyViaApi(page, world.company('SPLASH').code);
    const look = async (width: number) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/hub');
      const dialog = await openLoginModal(page);
      const style = await dialog.evaluate(async (el) => {
        const s = getComputedStyle(el);
        const { animationName: animation, animationDuration: duration } = s;
        // Where it comes to rest once the animation has run.
        await Promise.all(el.getAnimations().map((a) => a.finished));
        const box = el.getBoundingClientRect();
        return { animation, duration, left: box.left, width: box.width, bottom: Math.round(box.bottom), radius: s.borderBottomLeftRadius };
      });
      await page.screenshot({ path: test.info().outputPath(`login-modal-${width}.png`) });
      return style;
    };
    const sheet = await look(480);
    expect(sheet).toMatchObject({ animation: 'sheet-in', duration: '0.3s', left: 0, width: 480, bottom: 800, radius: '0px' });
    const card = await look(481);
    expect(card).toMatchObject({ animation: 'modal-in', duration: '0.3s' });
    expect(card.left).toBeGreaterThan(0);
    expect(card.bottom).toBeLessThan(800);
    expect(card.radius).not.toBe('0px');
  });

  test('C37: dark mode, switched on in the account menu, is kept in local storage and after a reload', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/settings/my-details');
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitemcheckbox', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('portal-prefs'))) ?? '{}')).toMatchObject({ state: { dark: true } });
    await page.reload();
    await expect(page.getByRole('button', { name: /^Account Settings for / })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });
});

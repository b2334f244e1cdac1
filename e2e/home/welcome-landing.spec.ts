import type { Page } from '@playwright/test';
import type { CompanyConfig } from '@portal/shared/company-config';
import { chooseCompanyViaApi, expect, getJson, signInViaApi, test, type OwnWorld } from '../support/fixtures.ts';
import { dropClassesAndInvoices } from '../support/world.ts';

const WELCOME = 'Welcome to your Customer Hub!';
type Profiles = { success: boolean; profiles: { OCRProfileID: number; ProfileName: string; DisplayName: string | null }[] };

async function openAsGuest(page: Page, code: string) {
  await chooseCompanyViaApi(page, code);
  await page.goto('/hub');
  await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
}

/** A signed-in customer only sees the landing when there is nothing scheduled or owing (D5). */
async function openAsCustomerWithNothingDue(page: Page, ownWorld: OwnWorld) {
  const world = await ownWorld(['SPLASH'], (_, bundle) => dropClassesAndInvoices(bundle, { classes: true, invoices: true }));
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
  await page.goto('/hub/company');
  await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
}

test.describe('welcome landing', () => {
  test('D23, D20, D18/D24, D21: a guest’s landing: social links, My Account, registration profiles and the ocr_profile login', async ({ page, world }) => {
    // One guest of SPLASH for every step: nothing here writes.
    await openAsGuest(page, world.company('SPLASH').code);

    await test.step('D23: social icons link to the configured pages in a new tab', async () => {
      const config = await getJson<CompanyConfig>(page, '/api/company/get-config');
      const configured = (config.social_media ?? []).map((s) => s.link);
      expect(configured.length).toBeGreaterThan(0);
      const links = page.getByRole('list', { name: 'Splash Swim School on social media' }).getByRole('link');
      await expect(links).toHaveCount(configured.length);
      for (const [i, href] of configured.entries()) {
        await expect(links.nth(i)).toHaveAttribute('href', href);
        await expect(links.nth(i)).toHaveAttribute('target', '_blank');
        await expect(links.nth(i)).toHaveAttribute('rel', /noopener/);
      }
      await expect(links.first()).toHaveAccessibleName(/Splash Swim School on Facebook/);
    });

    await test.step('D20: My Account opens the login modal for a guest', async () => {
      await page.getByRole('button', { name: 'My Account' }).click();
      const login = page.getByRole('dialog', { name: 'Login' });
      await expect(login).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(login).toBeHidden();
    });

    await test.step('D18/D24: a guest picks a registration profile and goes to /ocr', async () => {
      const { profiles } = await getJson<Profiles>(page, '/api/classes/ocr-profiles');
      expect(profiles.length).toBeGreaterThan(1);

      const call = page.waitForRequest('**/api/classes/ocr-profiles');
      await page.getByRole('button', { name: 'Select Classes' }).click();
      await call;
      const dialog = page.getByRole('dialog', { name: 'Select a Profile' });
      await expect(dialog.getByRole('listitem')).toHaveText(profiles.map((p) => new RegExp(`^${p.DisplayName || p.ProfileName}`)));

      const chosen = profiles[1] as Profiles['profiles'][number];
      await dialog.getByRole('button', { name: chosen.DisplayName || chosen.ProfileName }).click();
      await expect(page).toHaveURL(
        (url) => url.pathname === '/ocr' && url.searchParams.get('id') === String(world.company('SPLASH').customerId) && url.searchParams.get('p') === String(chosen.OCRProfileID),
      );
    });

    await test.step('D21: a guest arriving with ocr_profile is asked to log in', async () => {
      await page.goto('/hub/company?ocr_profile=1');
      await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    });
  });

  test('D19: no registration profiles → an error with Continue', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      bundle.company.config.profiles = [];
      // Agreements shown per profile name profiles that no longer exist.
      for (const agreement of (bundle as typeof bundle & { agreements?: { profiles?: unknown[] }[] }).agreements ?? []) agreement.profiles = [];
      // So do the classes a profile offers (decision 134).
      for (const cls of (bundle as typeof bundle & { classes?: { profiles?: unknown[] }[] }).classes ?? []) delete cls.profiles;
    });
    await openAsGuest(page, world.company('SPLASH').code);
    await page.getByRole('button', { name: 'Select Classes' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('No profiles have been activated for this hub');
    await expect(page).toHaveURL(/\/hub$/);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('D16: Select Classes only when registration and class reservations are both on', async ({ page, ownWorld }) => {
    const combos = [
      { ocr: true, reservations: true, shown: true },
      { ocr: true, reservations: false, shown: false },
      { ocr: false, reservations: true, shown: false },
      { ocr: false, reservations: false, shown: false },
    ];
    for (const combo of combos) {
      const world = await ownWorld(['SPLASH'], (_, bundle) => {
        Object.assign(bundle.company.config.switches as object, { AllowOCR: combo.ocr, OnlineClassReservationsEnabled: combo.reservations });
      });
      await chooseCompanyViaApi(page, world.company('SPLASH').code);
      await page.goto('/hub');
      await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
      await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Select Classes' }), JSON.stringify(combo)).toHaveCount(combo.shown ? 1 : 0);
    }
  });

  test('D16: the seeded switches: ACE (registration and class reservations on) shows Select Classes, THAMES hides it', async ({ page, world }) => {
    for (const [name, shown] of [
      ['ACE', true],
      ['THAMES', false],
    ] as const) {
      const code = world.company(name).code;
      await openAsGuest(page, code);
      const config = await getJson<CompanyConfig>(page, '/api/company/get-config');
      const allowed = Boolean((config.CustomerPortalAllowOCR ?? config.AllowOCR) && config.OnlineClassReservationsEnabled);
      expect(allowed, `${code} switches`).toBe(shown);
      await expect(page.getByRole('button', { name: 'My Account' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Select Classes' })).toHaveCount(shown ? 1 : 0);
    }
  });

  test('D17/D20: signed in, Select Classes goes to classes and My Account to my details', async ({ page, ownWorld }) => {
    await openAsCustomerWithNothingDue(page, ownWorld);
    await expect(page.getByRole('link', { name: 'Select Classes' })).toHaveAttribute('href', '/hub/classes');
    await page.getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL('/hub/settings/my-details');
  });

  test('D22: signed in, ocr_profile leads to that profile’s enrolment', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/company?ocr_profile=1');
    await expect(page).toHaveURL('/hub/classes/add-enrollments/1');
  });

  test('C7: the company’s bannerImage is drawn as the landing’s banner; without one, no picture', async ({ page, ownWorld }) => {
    const banner = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><rect width="1200" height="400" fill="#0e7490"/></svg>').toString('base64')}`;
    const world = await ownWorld(['SPLASH', 'ACE'], (name, bundle) => {
      if (name === 'SPLASH') (bundle.company.config.global_settings as Record<string, unknown>).bannerImage = banner;
    });
    await openAsGuest(page, world.company('SPLASH').code);
    const hero = page.getByRole('region', { name: WELCOME });
    const picture = hero.locator('img').first();
    await expect(picture).toHaveAttribute('src', banner);
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('landing-banner.png') });
    await openAsGuest(page, world.company('ACE').code);
    await expect(page.getByRole('region', { name: WELCOME }).locator(`img[src="${banner}"]`)).toHaveCount(0);
  });
});

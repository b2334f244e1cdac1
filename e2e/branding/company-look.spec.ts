import type { Page } from '@playwright/test';
import { chooseCompanyViaApi, expect, luminance, rootCssVar, test } from '../support/fixtures.ts';

const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'];

async function openAsGuest(page: Page, code: string) {
  await chooseCompanyViaApi(page, code);
  await page.goto('/hub');
  await expect(page.getByRole('heading', { name: 'Welcome to your Customer Hub!' })).toBeVisible();
}

const loginButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Login', exact: true });

test.describe('company branding', () => {
  // A guest who switches between the demo companies; each step opens the landing of the company it looks at.
  test('C3/C4, C2, C5, C6: font, brand colours, button radius and nav bar follow the company', async ({ page, world }) => {
    // Nine landings of four companies in a row.
    test.setTimeout(90_000);
    await test.step('C3/C4: Font "monsterrat" (ACE) renders in Montserrat; SPLASH keeps Inter', async () => {
      const fontFile = page.waitForRequest(/montserrat[^/]*\.woff2$/);
      await openAsGuest(page, world.company('ACE').code);
      await fontFile;
      const family = () => page.evaluate(() => getComputedStyle(document.body).fontFamily.replace(/["']/g, ''));
      expect(await family()).toMatch(/^Montserrat/);
      await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Montserrat Variable"'))).toBe(true);

      await openAsGuest(page, world.company('SPLASH').code);
      expect(await family()).toMatch(/^Inter/);
    });
    await test.step('C2: --brand-50 … --brand-950 are the colours of get-config', async () => {
      for (const name of ['SPLASH', 'ACE'] as const) {
        const code = world.company(name).code;
        await openAsGuest(page, code);
        const { colors } = (await (await page.request.get('/api/company/get-config')).json()) as { colors: Record<string, string> };
        for (const shade of SHADES) {
          expect((await rootCssVar(page, `--brand-${shade}`)).toLowerCase(), `${code} --brand-${shade}`).toBe(colors[shade]!.toLowerCase());
        }
      }
    });
    await test.step('C5: primary buttons follow ButtonRadius (Sharp 0, SemiRound 8 px, Round 16 px)', async () => {
      for (const [name, radius] of [
        ['THAMES', '0px'],
        ['SPLASH', '8px'],
        ['ACE', '16px'],
      ] as const) {
        const code = world.company(name).code;
        await openAsGuest(page, code);
        await expect(loginButton(page), code).toHaveCSS('border-top-left-radius', radius);
      }
    });
    await test.step('C6: a Dark nav bar is dark with light text; a Light one is light', async () => {
      const banner = page.getByRole('banner');
      await openAsGuest(page, world.company('ACE').code);
      expect(await luminance(banner)).toBeLessThan(0.2);
      expect(await luminance(banner.getByText('Ace Tennis', { exact: true }), 'color')).toBeGreaterThan(0.6);

      await openAsGuest(page, world.company('SPLASH').code);
      expect(await luminance(banner)).toBeGreaterThan(0.8);
    });
  });
});

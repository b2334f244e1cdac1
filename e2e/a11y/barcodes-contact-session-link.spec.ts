import { expect, expectAccessible, signInViaApi, test } from '../support/fixtures.ts';
import { issueLink } from '../support/class-session-links.ts';

/** axe on the barcodes, contact and class-session link pages (no serious or critical violation). */
test.describe('accessibility: barcodes, contact us, class-session link', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the barcodes page and its larger view', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/barcodes');
    await expect(page.getByRole('article')).toHaveCount(3);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Show larger: Sarah Mitchell' }).click();
    await expect(page.getByRole('dialog', { name: 'Sarah Mitchell' })).toBeVisible();
    await expectAccessible(page);
  });

  test('contact us for a guest, with its check and its field messages', async ({ page, world }) => {
    await page.request.post('/api/company/login-by-code', { data: { company_code: world.company('SPLASH').code } });
    await page.goto('/hub/contact-us');
    const form = page.getByRole('form', { name: 'Contact Us' });
    await expect(form.getByRole('checkbox', { name: 'I’m not a robot' })).toBeVisible();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expectAccessible(page);
  });

  test('the class-session link, its All Dates popup, and the page of an unknown link', async ({ page, world }) => {
    const splash = world.company('SPLASH');
    const link = await issueLink(splash.code, 'Seahorse – Tuesday', 4);
    await page.goto(link.path);
    await expect(page.locator('dt')).toHaveCount(8);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'All Dates' }).click();
    await expect(page.getByRole('dialog', { name: 'All Dates' })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/hub/class-session-link?token=unknown&id=${splash.customerId}`);
    await expect(page.getByRole('heading', { name: 'This link cannot be opened' })).toBeVisible();
    await expectAccessible(page);
  });
});

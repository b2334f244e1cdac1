import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, expectAccessible, isMobile, registerViaApi, signInViaApi, test, uniqueEmail } from '../support/fixtures.ts';

test.describe('Download my data (issue 24)', () => {
  for (const tag of ['', ' @phone']) {
    test(`Login & Security offers the family's data as a ZIP of JSON and CSV files, and it is the family's own${tag}`, async ({ page, world }) => {
      const email = world.email('parent');
      await signInViaApi(page, { code: world.company('SPLASH').code, email });
      await page.goto('/hub/settings/security');
      const section = page.getByRole('region', { name: 'Your data' });
      await expect(section.getByText(/A copy of everything Splash Swim School keeps about your family here/)).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-your-data.png`), fullPage: true });

      const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Download my data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^family-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
      const family = JSON.parse(strFromU8(files['family.json']!)) as { details: { email: string }[]; students: { first_name: string }[] };
      expect(family.details[0]!.email).toBe(email);
      expect(family.students.map((s) => s.first_name).sort()).toEqual(['Ella', 'Lily', 'Noah']);
      expect(Object.keys(files)).toContain('csv/invoices.csv');
    });
  }
});

test.describe('Ask to delete my account (issue 24, decision 097)', () => {
  for (const tag of ['', ' @phone']) {
    test(`says what is erased and what is kept, records the request with its date, and can be withdrawn${tag}`, async ({ page, world }) => {
      // A family of this test's own: the request is theirs alone.
      const email = uniqueEmail('erase');
      await registerViaApi(page, { code: world.company('SPLASH').code, email });
      await signInViaApi(page, { code: world.company('SPLASH').code, email });
      await page.goto('/hub/settings/security');
      const section = page.getByRole('region', { name: 'Delete my account' });
      await section.getByRole('button', { name: 'Ask to delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog.getByText('Invoices, receipts and payments, which the company must keep by law')).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-delete-account.png`), fullPage: true });
      await dialog.getByRole('button', { name: 'Ask to delete my account' }).click();
      await expect(section.getByRole('status').filter({ hasText: /You asked on/ })).toContainText(
        /You asked on \d\d\/\d\d\/\d{4} for your account to be deleted\. It will be erased on \d\d\/\d\d\/\d{4}, or sooner once Splash Swim School confirms\./,
      );
      await page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-delete-requested.png`), fullPage: true });
      // Still there after a reload, then withdrawn; the activity log says both, newest first.
      await page.reload();
      await section.getByRole('button', { name: 'Withdraw request' }).click();
      await expect(section.getByRole('button', { name: 'Ask to delete my account' })).toBeVisible();
      // Said, and the focus on the button that took the other's place, not dropped to the top of the page.
      await expect(section.getByRole('status').filter({ hasText: 'Your request was withdrawn: your account stays.' })).toBeVisible();
      await expect(section.getByRole('button', { name: 'Ask to delete my account' })).toBeFocused();
      await page.reload();
      const activity = page.getByRole('list', { name: 'Activity, newest first' });
      await expect(activity.getByRole('listitem').nth(0)).toContainText('Withdrew the request to delete the account');
      await expect(activity.getByRole('listitem').nth(1)).toContainText('Asked for the account to be deleted');
      await expect(activity.getByRole('listitem').nth(1)).toContainText(/^.*You · \d\d\/\d\d\/\d{4}/);
    });
  }
});

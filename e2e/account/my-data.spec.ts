import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, expectAccessible, isMobile, signInViaApi, test } from '../support/fixtures.ts';

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

import { expect, isMobile, signInViaApi, test } from '../support/fixtures.ts';

/** A swimmer's edits are not lost to a tap elsewhere: the portal asks before leaving them unsaved. */
test.describe('unsaved edits', () => {
  for (const tag of ['', ' @phone']) {
    test(`a swimmer's changed name, left for Classes: asked first, kept, then left${tag}`, async ({ page, world }) => {
      await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
      await page.goto('/hub/students');
      await page.getByRole('link', { name: /Ella Mitchell/ }).click();
      await expect(page.getByRole('heading', { name: 'Ella Mitchell' })).toBeVisible();
      const studentPage = page.url();
      const first = page.getByRole('textbox', { name: /First name/ });
      await first.fill('Elle');
      const toClasses = async () => {
        if (isMobile(page)) await page.getByRole('button', { name: /menu/i }).first().click();
        await page.getByRole('link', { name: 'Classes' }).first().click();
      };
      await toClasses();
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await expect(ask).toContainText('Your changes on this page are not saved.');
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await expect(ask).toBeHidden();
      expect(page.url()).toBe(studentPage);
      await expect(first).toHaveValue('Elle');
      await toClasses();
      await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
      await expect(page).toHaveURL(/\/hub\/classes$/);
    });
  }
});

import type { Page } from '@playwright/test';
import { expect, registerViaApi, signInViaApi, test, uniqueEmail } from '../support/fixtures.ts';

/** A family of its own at the company, signed in, editing My Details: the form's Address group. */
async function editAddress(page: Page, code: string, email: string) {
  await registerViaApi(page, { code, email, firstName: 'Lee', lastName: 'Park' });
  await signInViaApi(page, { code, email, fresh: true });
  await page.goto('/hub/settings/my-details');
  await page.getByRole('button', { name: 'Edit details' }).click();
  return page.getByRole('group', { name: 'Address', exact: true });
}

test.describe('Postcode from the chosen location (C19, E16)', () => {
  for (const tag of ['', '@phone ']) {
    test(`${tag}choosing one of Splash's locations fills in its postcode and makes it read-only`, async ({ page, world }) => {
      const address = await editAddress(page, world.company('SPLASH').code, uniqueEmail('location'));
      const postcode = address.getByRole('textbox', { name: 'Postcode' });
      await postcode.fill('9999');
      await address.getByRole('combobox', { name: 'State' }).selectOption('NSW');
      await address.getByRole('combobox', { name: 'Suburb' }).fill('Coogee');
      await expect(postcode).toHaveValue('2034');
      await expect(postcode).toHaveAttribute('readonly', '');
      await address.getByRole('combobox', { name: 'Suburb' }).fill('Clovelly');
      await expect(postcode).not.toHaveAttribute('readonly', '');
    });

    test(`${tag}choosing a suburb with no state chosen fills in the state with the postcode`, async ({ page, world }) => {
      const address = await editAddress(page, world.company('SPLASH').code, uniqueEmail('location-state'));
      const state = address.getByRole('combobox', { name: 'State' });
      await state.selectOption('');
      await address.getByRole('combobox', { name: 'Suburb' }).fill('Coogee');
      await expect(state).toHaveValue('NSW');
      await expect(address.getByRole('textbox', { name: 'Postcode' })).toHaveValue('2034');
      await address.screenshot({ path: test.info().outputPath('suburb-fills-state.png') });
    });
  }
});

import type { Page } from '@playwright/test';
import { apiCall, expect, registerViaApi, signInViaApi, test, uniqueEmail, type World } from '../support/fixtures.ts';
import { drawSignature } from './pad.ts';

/**
 * K20–K23, L5, S56: a new customer accepts the company's agreements at sign-in, one drawn on
 * the signature pad, and finds it again in Account Settings with the signature and the date.
 */
/** L6: the UpdateProfile action a new customer gets for the mobile the register form does not ask. */
async function finishDetails(page: Page) {
  const details = page.getByRole('region', { name: 'Update Your Details' });
  await expect(details).toBeVisible();
  await details.getByRole('textbox', { name: 'Mobile', exact: true }).fill('0412345678');
  await details.getByRole('button', { name: 'Save' }).click();
}

async function signAndViewAgain(page: Page, world: World) {
  const email = uniqueEmail('signer');
  await registerViaApi(page, { code: world.company('SPLASH').code, email, acceptAgreements: false });
  await signInViaApi(page, { code: world.company('SPLASH').code, email, fresh: true });
  // L4: any other page sends the customer back to the queue.
  await page.goto('/hub/company');
  await expect(page).toHaveURL(/\/hub\/sign-in-actions$/);

  // The first: terms, no signature. Accept waits for the box (S56).
  const action = page.getByRole('region', { name: 'Terms and conditions' });
  await expect(action).toBeVisible();
  await expect(page.getByTestId('signature-pad')).toHaveCount(0);
  const accept = page.getByRole('button', { name: 'Accept', exact: true });
  await expect(accept).toBeDisabled();
  await page.getByLabel('I agree to the Terms and conditions').check();
  await expect(accept).toBeEnabled();
  await accept.click();
  await expect(page.getByText('Agreement signed successfully', { exact: true })).toBeVisible();

  // The second needs a signature: ticking alone is not enough.
  await expect(page.getByRole('region', { name: 'Medical and photo consent' })).toBeVisible();
  await page.getByLabel('I agree to the Medical and photo consent').check();
  await expect(accept).toBeDisabled();
  await drawSignature(page);
  await expect(accept).toBeEnabled();
  const [request, answer] = await Promise.all([
    page.waitForRequest(apiCall('POST', '/api/customer/agree-to-agreement')),
    page.waitForResponse(apiCall('POST', '/api/customer/agree-to-agreement')),
    accept.click(),
  ]);
  const body = request.postDataJSON() as { agreement_id: number; signature: string };
  expect(body.signature).toMatch(/^data:image\/png;base64,/);
  expect(await answer.json()).toEqual({ success: true, message: 'Agreement signed successfully' });
  // The register form asked no mobile, which the company's form makes mandatory: that comes next.
  await finishDetails(page);
  // L3: the queue is empty, so home.
  await expect(page).toHaveURL(/\/hub\/company$/);

  // K20: the Agreements tab lists both as signed; the viewer shows the signature and the date.
  await page.goto('/hub/settings/agreements');
  const medical = page.getByRole('button', { name: /Medical and photo consent/ });
  await expect(medical).toContainText('Signed on');
  // Terms asks for no signature: accepted, not signed.
  await expect(page.getByRole('button', { name: /Terms and conditions/ })).toContainText('Accepted on');
  await medical.click();
  const viewer = page.getByRole('region', { name: 'Medical and photo consent' });
  await expect(viewer.getByText(/^Signed on /)).toBeVisible();
  // The agreement opened takes the focus, so a keyboard or a screen reader starts at it, not at the top of the page.
  await expect(viewer).toBeFocused();
  const image = viewer.getByRole('img', { name: /Your signature on Medical and photo consent, signed on/ });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  // K3: a back button named after the tab replaces the tab bar while an agreement is open.
  await page.getByRole('button', { name: 'Agreements' }).click();
  await expect(page.getByRole('button', { name: /Medical and photo consent/ })).toBeVisible();
}

test.describe('agreements', () => {
  test('K21, K22, K20: sign an agreement by drawing on the pad, then view it again with the signature', async ({ page, world }) => {
    await signAndViewAgain(page, world);
  });

  test('K21, K22, K20 on a phone @phone', async ({ page, world }) => {
    await signAndViewAgain(page, world);
  });

  test('the pad is usable by keyboard: a typed name signs, Clear empties it', async ({ page, world }) => {
    const email = uniqueEmail('typed');
    await registerViaApi(page, { code: world.company('SPLASH').code, email, acceptAgreements: false });
    await signInViaApi(page, { code: world.company('SPLASH').code, email, fresh: true });
    await page.goto('/hub/sign-in-actions');
    await page.getByLabel('I agree to the Terms and conditions').check();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Medical and photo consent' })).toBeVisible();

    const accept = page.getByRole('button', { name: 'Accept', exact: true });
    await page.getByLabel('Or type your full name to sign').fill('Test Customer');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('img', { name: 'Signature pad, signed' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('img', { name: /Signature pad: sign here/ })).toBeVisible();
    await page.getByLabel('Or type your full name to sign').focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('I agree to the Medical and photo consent').focus();
    await page.keyboard.press('Space');
    await expect(accept).toBeEnabled();
    await accept.focus();
    await page.keyboard.press('Enter');
    await finishDetails(page);
    await expect(page).toHaveURL(/\/hub\/company$/);
  });
});

import type { Page } from '@playwright/test';
import { chooseCompanyViaApi, DEMO_PASSWORD, expect, openLoginModal, signOutViaUi, submitLogin, test } from '../support/fixtures.ts';

type NativeMessage = { type: 'auth'; status: string; clientId: number | null } | { type: 'company-config'; config: unknown };

/** Plays the React Native wrapper: a postMessage that keeps what it was sent. */
async function installNativeStub(page: Page): Promise<() => Promise<NativeMessage[]>> {
  await page.addInitScript(() => {
    const sent: string[] = [];
    Object.assign(window, { nativeSent: sent, ReactNativeWebView: { postMessage: (m: string) => sent.push(m) } });
  });
  return async () => (await page.evaluate(() => (window as unknown as { nativeSent: string[] }).nativeSent)).map((m) => JSON.parse(m) as NativeMessage);
}

test('B36/B37: the native wrapper hears the config, the login (with ClientID) and the logout', async ({ page, world }) => {
  const messages = await installNativeStub(page);
  await chooseCompanyViaApi(page, world.company('SPLASH').code);
  const config: unknown = await (await page.request.get('/api/company/get-config')).json();
  await page.goto('/hub');
  await expect(page.getByRole('heading', { name: 'Welcome to your Customer Hub!' })).toBeVisible();
  await expect.poll(messages).toEqual(
    expect.arrayContaining([
      { type: 'auth', status: 'logged-out', clientId: null },
      { type: 'company-config', config },
    ]),
  );

  const dialog = await openLoginModal(page);
  await submitLogin(dialog, world.email('parent'));
  await expect(page).toHaveURL(/\/hub\/company$/);
  const clients = await page.request.post('/api/customer/get-clients', { data: { email: world.email('parent'), password: DEMO_PASSWORD } });
  const clientId = ((await clients.json()) as { clients: { ClientID: number }[] }).clients[0]!.ClientID;
  await expect.poll(async () => (await messages()).filter((m) => m.type === 'auth').at(-1)).toEqual({ type: 'auth', status: 'logged-in', clientId });

  await signOutViaUi(page);
  await expect.poll(async () => (await messages()).filter((m) => m.type === 'auth').at(-1)).toEqual({ type: 'auth', status: 'logged-out', clientId: null });
});

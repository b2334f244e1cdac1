// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { formTestConfig } from '@/test/form-config';
import { http, HttpResponse } from 'msw';
import { installMockServer, server } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { useUiStore } from '@/lib/ui-store';
import { AccountMenu } from './account-menu';

installMockServer();
afterEach(cleanup);

const config = formTestConfig({ ShowPaymentDetailsTab: true });
const user = { ClientID: 1, FirstName: 'Sarah', LastName: 'Mitchell', total_barcodes: 0, Role: 'holder' } as CustomerUser;

describe('AccountMenu (B10)', () => {
  it('Tab leaves the open menu: it closes and the focus is back on the account button', async () => {
    renderRoute(<AccountMenu config={config} user={user} />, { url: '/hub', config });
    const button = screen.getByRole('button', { name: 'Account Settings for Sarah' });
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter' });
    await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('offers Switch account only where the sign-in opens another account, and it opens the switch', async () => {
    renderRoute(<AccountMenu config={config} user={user} />, { url: '/hub', config });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Account Settings for Sarah' }), { key: 'Enter' });
    await screen.findByRole('menu');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Switch account' })).toBeNull();
    cleanup();

    renderRoute(<AccountMenu config={config} user={{ ...user, OtherAccounts: 1 }} />, { url: '/hub', config });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Account Settings for Sarah' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Switch account' }));
    expect(useUiStore.getState().modal).toBe('switch-account');
    useUiStore.getState().closeModal();
  });

  it('while sign-in actions are pending offers no settings page or barcodes (they wait for them): Contact Us, Dark mode and Sign Out stay', async () => {
    server.use(http.get('/api/customer/get-sign-in-actions', () => HttpResponse.json({ success: true, actions: [{ id: 1, type: 'UpdateProfile' }] })));
    const withBarcodes = { ...user, total_barcodes: 2 };
    renderRoute(<AccountMenu config={config} user={withBarcodes} />, { url: '/hub/sign-in-actions', config, user: withBarcodes });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Account Settings for Sarah' }), { key: 'Enter' });
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'My Details' })).toBeNull());
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Contact Us', 'Sign Out']);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Dark mode' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FamilyAccessAnswer } from '@portal/shared/guardian-schemas';
import { formTestConfig } from '@/test/form-config';
import { installMockServer, server } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { FamilyAccess } from './family-access';

installMockServer();
afterEach(cleanup);

describe('Family access (decision 101)', () => {
  it('tells a payer what their access allows in the company’s word for a student', () => {
    const user = { ClientID: 1, FirstName: 'Lee', LastName: 'Park', total_barcodes: 0, Role: 'payer' as const };
    renderRoute(<FamilyAccess />, { url: '/hub/settings/security', config: formTestConfig({ StudentTerm: 'Swimmer' }), user });
    expect(screen.getByText(/Financials, billing details and payments; sees the swimmers' names and the messages\./)).toBeTruthy();
  });

  it('Invite someone opens the form at its first field; Cancel gives the focus back to the button', async () => {
    server.use(http.get<never, never, FamilyAccessAnswer>('/api/customer/family-access', () => HttpResponse.json({ success: true, guardians: [], invitations: [] })));
    renderRoute(<FamilyAccess />, { url: '/hub/settings/security', config: formTestConfig() });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First name' })));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Invite someone' })));
  });

  it('an invitation withdrawn takes its row and its button away: the focus waits on Invite someone', async () => {
    let invitations: FamilyAccessAnswer['invitations'] = [{ id: 7, first_name: 'Tom', last_name: 'Mitchell', email: 'tom@example.com', role: 'viewer', expires_at: '2030-11-30T12:00:00.000Z' }];
    server.use(
      http.get<never, never, FamilyAccessAnswer>('/api/customer/family-access', () => HttpResponse.json({ success: true, guardians: [], invitations })),
      http.delete('/api/customer/family-access/invitations/7', () => {
        invitations = [];
        return HttpResponse.json({ success: true, message: 'The invitation was withdrawn.' });
      }),
    );
    renderRoute(<FamilyAccess />, { url: '/hub/settings/security', config: formTestConfig() });
    const withdraw = await screen.findByRole('button', { name: 'Withdraw' });
    withdraw.focus();
    fireEvent.click(withdraw);
    expect(await screen.findByText('The invitation was withdrawn.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Invite someone' }));
  });

  it('says until when an invitation’s link works on the company’s calendar, wherever the device is', async () => {
    // Noon UTC on 30 November is already 1 December on Kiritimati (UTC+14).
    server.use(
      http.get<never, never, FamilyAccessAnswer>('/api/customer/family-access', () =>
        HttpResponse.json({
          success: true,
          guardians: [],
          invitations: [{ id: 1, first_name: 'Tom', last_name: 'Mitchell', email: 'tom@example.com', role: 'co-parent', expires_at: '2026-11-30T12:00:00.000Z' }],
        }),
      ),
    );
    const base = formTestConfig();
    renderRoute(<FamilyAccess />, {
      url: '/hub/settings/security',
      config: formTestConfig({ localization: { ...base.localization, DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Pacific', TimeZoneCity: 'Kiritimati' } }),
    });
    expect(await screen.findByText(/link works until 01\/12\/2026/)).toBeTruthy();
  });
});

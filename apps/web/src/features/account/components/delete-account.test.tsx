// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DeletionRequestAnswer } from '@portal/shared/deletion-schemas';
import { formTestConfig } from '@/test/form-config';
import { installMockServer, server } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { DeleteAccount } from './delete-account';

installMockServer();
afterEach(cleanup);

describe('Delete my account (decision 097)', () => {
  it('says when the family asked and when the account goes on the company’s calendar, wherever the device is', async () => {
    // Noon UTC on 30 November is already 1 December on Kiritimati (UTC+14).
    server.use(
      http.get<never, never, DeletionRequestAnswer>('/api/customer/deletion-request', () =>
        HttpResponse.json({ request: { requestedAt: '2026-11-30T12:00:00.000Z', eraseAfter: '2026-12-30T12:00:00.000Z', confirmed: false }, erased: [], kept: [] }),
      ),
    );
    const base = formTestConfig();
    renderRoute(<DeleteAccount />, {
      url: '/hub/settings/security',
      config: formTestConfig({ CompanyDisplayName: 'Splash Swim School', localization: { ...base.localization, DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Pacific', TimeZoneCity: 'Kiritimati' } }),
    });
    expect(await screen.findByText('You asked on 01/12/2026 for your account to be deleted. It will be erased on 31/12/2026, or sooner once Splash Swim School confirms.')).toBeTruthy();
  });
});

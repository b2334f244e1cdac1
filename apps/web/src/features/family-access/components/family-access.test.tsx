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
  it('Invite someone opens the form at its first field; Cancel gives the focus back to the button', async () => {
    server.use(http.get<never, never, FamilyAccessAnswer>('/api/customer/family-access', () => HttpResponse.json({ success: true, guardians: [], invitations: [] })));
    renderRoute(<FamilyAccess />, { url: '/hub/settings/security', config: formTestConfig() });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First name' })));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Invite someone' })));
  });
});

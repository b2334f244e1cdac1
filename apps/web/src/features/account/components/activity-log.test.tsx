// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ActivityAnswer } from '@portal/shared/activity-schemas';
import { customerFormFieldsSchema, studentFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { ActivityLog } from './activity-log';

installMockServer();
afterEach(cleanup);

describe('ActivityLog (decision 098)', () => {
  it('names each change in the company’s words for the field, not its key', async () => {
    server.use(
      http.get<never, never, ActivityAnswer>('/api/customer/activity', () =>
        HttpResponse.json({
          current_page: 1,
          total_pages: 1,
          entries: [
            { at: '2026-11-20T01:15:00.000Z', actor: 'family', kind: 'details', summary: 'Changed the account details', changes: [{ field: 'Email2', from: null, to: 'sarah@work.example' }] },
            { at: '2026-11-19T01:15:00.000Z', actor: 'family', kind: 'student', summary: 'Changed Ella’s details', changes: [{ field: 'FirstName', from: 'Ela', to: 'Ella' }] },
          ],
        }),
      ),
      http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(customerFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 13, State: 'Optional' }] }))),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () =>
        HttpResponse.json(studentFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 15, State: 'Mandatory', DisplayName: 'Given name' }] })),
      ),
    );
    renderRoute(<ActivityLog />, { url: '/hub/settings/security', config: formTestConfig() });
    expect(await screen.findByText('Secondary email: (empty) → sarah@work.example')).toBeTruthy();
    expect(await screen.findByText('Given name: Ela → Ella')).toBeTruthy();
  });
});

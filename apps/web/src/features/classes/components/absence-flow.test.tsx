// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { StudentSession } from '@portal/shared/class-schemas';
import { classesTestConfig } from '@/test/classes-config';
import { installMockServer, server } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { AbsenceFlow } from './absence-flow';

installMockServer();
afterEach(cleanup);

const session = (SessionID: number, Date: string): StudentSession => ({ SessionID, Date, Time: '16:00', Status: 'scheduled', Absent: false, AbsenceReason: null, CanNotifyAbsence: true, Past: false });

describe('AbsenceFlow', () => {
  it('from the class: Next on "Choose a session" opens "Reason for absence" with the focus in it, not on the page behind', async () => {
    server.use(http.get('/api/classes/get-absence-reasons', () => HttpResponse.json({ reasons: [{ ReasonID: 1, Name: 'Sick' }] })));
    renderRoute(<AbsenceFlow studentId={5} studentName="Ella Mitchell" className="Tadpoles" sessions={[session(1, '2030-03-04'), session(2, '2030-03-11')]} onClose={() => undefined} />, {
      url: '/hub/classes/notify-absences',
      config: classesTestConfig('Minutes'),
    });
    const first = await screen.findByRole('dialog', { name: 'Choose a session' });
    const next = within(first).getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    const reason = await screen.findByRole('dialog', { name: 'Reason for absence' });
    await waitFor(() => expect(reason.contains(document.activeElement)).toBe(true));
  });
});

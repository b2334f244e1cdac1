// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { undoMessages, type ClassSessionsAnswer, type Enrolment } from '@portal/shared/class-schemas';
import { classesTestConfig, TIME_DISPLAY_CASES } from '@/test/classes-config';
import { HOLDER, renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import { EnrolmentCard } from './enrolment-card';

installMockServer();
afterEach(cleanup);

const enrolment: Enrolment = {
  EnrolmentID: 9,
  ClassID: 101,
  StudentID: 5,
  ClassName: 'Tadpoles',
  LessonFormat: 'Group',
  Venue: 'Bondi Pool',
  Court: '3',
  Staff: 'Jess Lee',
  Day: 1,
  Time: '16:00',
  Duration: 90,
  StartDate: '2026-11-30',
  EndDate: null,
  Type: 'ongoing',
  next_session: '2026-12-07',
  next_absent: false,
};

const sessions: ClassSessionsAnswer = {
  class_name: 'Tadpoles',
  sessions: [{ SessionID: 1, Date: '2026-12-07', Time: '16:00', Status: 'scheduled', Absent: false, AbsenceReason: null, CanNotifyAbsence: false, CanWithdrawAbsence: false, Past: false }],
};

describe('EnrolmentCard', () => {
  it.each(TIME_DISPLAY_CASES)('C21, F14: under $display the class reads "$when" and its session "$session"', async ({ display, when, session }) => {
    server.use(http.get<never, never, ClassSessionsAnswer>('/api/classes/get-class-sessions', () => HttpResponse.json(sessions)));
    renderRoute(<EnrolmentCard enrolment={enrolment} studentName="Ella" />, { user: HOLDER, url: '/', config: classesTestConfig(display) });
    const card = screen.getByTestId('enrolment');
    expect(within(card).getByText(`${when} · Bondi Pool · Lane 3`)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions of Tadpoles' });
    expect(within(list).getByText(session)).toBeTruthy();
  });

  it('offers no Notify absence where nothing is left to notify: no session ahead, or its last one already notified', () => {
    const cases: [Partial<Enrolment>, boolean][] = [
      [{}, true],
      [{ next_session: null }, false],
      [{ Type: 'temporary', StartDate: '2026-12-03', EndDate: '2026-12-03', next_session: '2026-12-03', next_absent: true }, false],
      [{ EndDate: '2026-12-08', next_session: '2026-12-08', next_absent: true }, false],
      [{ EndDate: '2026-12-15', next_session: '2026-12-08', next_absent: true }, true],
    ];
    for (const [change, offered] of cases) {
      renderRoute(<EnrolmentCard enrolment={{ ...enrolment, ...change }} studentName="Ella" />, { user: HOLDER, url: '/', config: classesTestConfig('Minutes') });
      expect(screen.queryAllByRole('button', { name: 'Notify absence: Ella, Tadpoles' }).length, JSON.stringify(change)).toBe(offered ? 1 : 0);
      cleanup();
    }
  });

  it('a term place being left says its last day', () => {
    renderRoute(<EnrolmentCard enrolment={{ ...enrolment, EndDate: '2026-12-09' }} studentName="Ella" />, { user: HOLDER, url: '/', config: classesTestConfig('Minutes') });
    expect(screen.getByText(/· Until 09\/12\/2026/)).toBeTruthy();
  });

  it('two make-ups in one class: each card lists its own day only, never the other’s', async () => {
    const both: ClassSessionsAnswer = {
      class_name: 'Tadpoles',
      sessions: ['2026-12-03', '2026-12-10'].map((Date, i) => ({
        SessionID: i + 1,
        Date,
        Time: '16:00',
        Status: 'scheduled' as const,
        Absent: false,
        AbsenceReason: null,
        CanNotifyAbsence: true,
        CanWithdrawAbsence: false,
        Past: false,
      })),
    };
    server.use(http.get<never, never, ClassSessionsAnswer>('/api/classes/get-class-sessions', () => HttpResponse.json(both)));
    renderRoute(<EnrolmentCard enrolment={{ ...enrolment, Type: 'temporary', StartDate: '2026-12-10', EndDate: '2026-12-10', next_session: '2026-12-10' }} studentName="Ella" />, {
      user: HOLDER,
      url: '/',
      config: classesTestConfig('HoursAndMinutes'),
    });
    fireEvent.click(within(screen.getByTestId('enrolment')).getByRole('button', { name: 'Sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions of Tadpoles' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('10/12/2026')]);
  });

  it('C10: the teacher is named with CoachLabel', () => {
    renderRoute(<EnrolmentCard enrolment={enrolment} studentName="Ella" />, { user: HOLDER, url: '/', config: classesTestConfig('HoursAndMinutes') });
    expect(within(screen.getByTestId('enrolment')).getByText('Group · Instructor: Jess Lee · Next: 07/12/2026')).toBeTruthy();
  });

  it('a next session the child will miss (absence notified) says so beside its date', () => {
    renderRoute(<EnrolmentCard enrolment={{ ...enrolment, next_absent: true }} studentName="Ella" />, { user: HOLDER, url: '/', config: classesTestConfig('HoursAndMinutes') });
    expect(within(screen.getByTestId('enrolment')).getByText('Group · Instructor: Jess Lee · Next: 07/12/2026 (absent)')).toBeTruthy();
  });

  it('each Notify absence is named by its child and its class or session, so a list of them does not read the same ten times', async () => {
    const two: ClassSessionsAnswer = {
      class_name: 'Tadpoles',
      sessions: [
        { ...sessions.sessions[0]!, CanNotifyAbsence: true },
        { ...sessions.sessions[0]!, SessionID: 2, Date: '2026-12-14', CanNotifyAbsence: true },
      ],
    };
    server.use(http.get<never, never, ClassSessionsAnswer>('/api/classes/get-class-sessions', () => HttpResponse.json(two)));
    renderRoute(<EnrolmentCard enrolment={enrolment} studentName="Ella" />, { user: HOLDER, url: '/', config: { ...classesTestConfig('HoursAndMinutes'), CanNotifyAbsence: true } });
    fireEvent.click(within(screen.getByTestId('enrolment')).getByRole('button', { name: 'Sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions of Tadpoles' });
    const buttons = within(list).getAllByRole('button', { name: /^Notify absence/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([expect.stringMatching(/^Notify absence: Ella, .*07\/12\/2026/), expect.stringMatching(/^Notify absence: Ella, .*14\/12\/2026/)]);
    expect(within(screen.getByTestId('enrolment')).getByRole('button', { name: 'Notify absence: Ella, Tadpoles' })).toBeTruthy();
  });

  it('an absence still before its cut-off can be withdrawn: asked first, refused in the dialog, then said', async () => {
    const absent: ClassSessionsAnswer = {
      class_name: 'Tadpoles',
      sessions: [
        { ...sessions.sessions[0]!, Absent: true, AbsenceReason: 'Illness', CanWithdrawAbsence: true },
        { ...sessions.sessions[0]!, SessionID: 2, Date: '2026-11-30', Absent: true, AbsenceReason: 'Illness', Past: true },
      ],
    };
    const sent: unknown[] = [];
    let refuse = true;
    // Withdrawn, the list read again shows the session free to notify.
    const after: ClassSessionsAnswer = { ...absent, sessions: [{ ...sessions.sessions[0]!, CanNotifyAbsence: true }, absent.sessions[1]!] };
    server.use(
      http.get<never, never, ClassSessionsAnswer>('/api/classes/get-class-sessions', () => HttpResponse.json(sent.length === 2 ? after : absent)),
      http.post('/api/classes/withdraw-absence', async ({ request }) => {
        sent.push(await request.json());
        if (refuse) return HttpResponse.json({ code: 'SESSION_FULL', message: undoMessages.absencePlaceTaken }, { status: 409 });
        return HttpResponse.json({ success: true, message: undoMessages.absenceWithdrawn });
      }),
    );
    renderRoute(<EnrolmentCard enrolment={enrolment} studentName="Ella" />, { user: HOLDER, url: '/', config: { ...classesTestConfig('HoursAndMinutes'), CanNotifyAbsence: true } });
    fireEvent.click(within(screen.getByTestId('enrolment')).getByRole('button', { name: 'Sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions of Tadpoles' });
    // The past absence offers nothing; the one ahead, Withdraw.
    const withdraw = within(list).getAllByRole('button', { name: /^Withdraw absence/ });
    expect(withdraw.map((b) => b.getAttribute('aria-label'))).toEqual([expect.stringMatching(/^Withdraw absence: Ella, .*07\/12\/2026/)]);
    fireEvent.click(withdraw[0]!);
    const ask = await screen.findByRole('dialog', { name: 'Withdraw this absence?' });
    expect(within(ask).getByText('Ella is expected at the session after all. A make-up credit the absence earned is removed with it.')).toBeTruthy();
    // Kept: nothing sent.
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep absence' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
    fireEvent.click(within(list).getByRole('button', { name: /^Withdraw absence/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Withdraw this absence?' })).getByRole('button', { name: 'Withdraw absence' }));
    expect((await screen.findByRole('alert')).textContent).toBe(undoMessages.absencePlaceTaken);
    refuse = false;
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Withdraw this absence?' })).getByRole('button', { name: 'Withdraw absence' }));
    const done = await screen.findByRole('dialog', { name: undoMessages.absenceWithdrawn });
    expect(within(done).getByText('Ella is expected at Tadpoles on 07/12/2026.')).toBeTruthy();
    expect(sent).toEqual([
      { session_id: 1, student_id: 5 },
      { session_id: 1, student_id: 5 },
    ]);
    // Closed, the focus is on the session's own Notify absence, not lost with the button that opened it.
    fireEvent.click(within(done).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Notify absence: Ella, .*07\/12\/2026/));
  });

  it('an absence whose make-up is booked says so where Withdraw would be', async () => {
    const booked: ClassSessionsAnswer = { class_name: 'Tadpoles', sessions: [{ ...sessions.sessions[0]!, Absent: true, AbsenceReason: 'Illness', MakeupBooked: true }] };
    server.use(http.get<never, never, ClassSessionsAnswer>('/api/classes/get-class-sessions', () => HttpResponse.json(booked)));
    renderRoute(<EnrolmentCard enrolment={enrolment} studentName="Ella" />, { user: HOLDER, url: '/', config: { ...classesTestConfig('HoursAndMinutes'), CanNotifyAbsence: true } });
    fireEvent.click(within(screen.getByTestId('enrolment')).getByRole('button', { name: 'Sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions of Tadpoles' });
    expect(within(list).getByText('Make-up booked')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /^Withdraw absence/ })).toBeNull();
  });

  it('a session too near to notify an absence for says so, where the others offer Notify absence; a past or cancelled one says neither', async () => {
    const four: ClassSessionsAnswer = {
      class_name: 'Tadpoles',
      sessions: [
        { ...sessions.sessions[0]!, SessionID: 1, Date: '2026-11-30', Past: true },
        { ...sessions.sessions[0]!, SessionID: 2, Date: '2026-12-07' },
        { ...sessions.sessions[0]!, SessionID: 3, Date: '2026-12-14', Status: 'cancelled' },
        { ...sessions.sessions[0]!, SessionID: 4, Date: '2026-12-21', CanNotifyAbsence: true },
      ],
    };
    server.use(http.get<never, never, ClassSessionsAnswer>('/api/classes/get-class-sessions', () => HttpResponse.json(four)));
    renderRoute(<EnrolmentCard enrolment={enrolment} studentName="Ella" />, { user: HOLDER, url: '/', config: { ...classesTestConfig('HoursAndMinutes'), CanNotifyAbsence: true } });
    fireEvent.click(within(screen.getByTestId('enrolment')).getByRole('button', { name: 'Sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions of Tadpoles' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.lastChild?.textContent),
    ).toEqual(['', 'Too late to notify', 'Cancelled', 'Notify absence']);
  });

  it('F5: a make-up session’s absence asks for that child’s reasons and promises no new make-up credit', async () => {
    const asked: string[] = [];
    server.use(
      http.get<never, never, ClassSessionsAnswer>('/api/classes/get-class-sessions', () =>
        HttpResponse.json({ class_name: 'Tadpoles', sessions: [{ ...sessions.sessions[0]!, CanNotifyAbsence: true }] }),
      ),
      http.get('/api/classes/get-absence-reasons', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ reasons: [{ id: 1, name: 'Illness' }], cutoff: '2026-12-07T03:00:00.000Z', earns_makeup: false });
      }),
    );
    renderRoute(<EnrolmentCard enrolment={{ ...enrolment, Type: 'temporary' }} studentName="Ella" />, {
      user: HOLDER,
      url: '/',
      config: { ...classesTestConfig('HoursAndMinutes'), CanNotifyAbsence: true },
    });
    fireEvent.click(within(screen.getByTestId('enrolment')).getByRole('button', { name: 'Sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions of Tadpoles' });
    fireEvent.click(within(list).getByRole('button', { name: /^Notify absence/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reason for absence' });
    expect(await within(dialog).findByText(/This is a make-up session: missing it earns no new make-up credit\./)).toBeTruthy();
    expect(within(dialog).queryByText(/earns a make-up credit/)).toBeNull();
    expect(asked).toEqual(['?session_id=1&student_id=5']);
  });

  it('F5, F8: an absence that earns a make-up offers to book it from the success dialog, for that credit', async () => {
    server.use(
      http.get<never, never, ClassSessionsAnswer>('/api/classes/get-class-sessions', () =>
        HttpResponse.json({ class_name: 'Tadpoles', sessions: [{ ...sessions.sessions[0]!, CanNotifyAbsence: true }] }),
      ),
      http.get('/api/classes/get-absence-reasons', () => HttpResponse.json({ reasons: [{ id: 1, name: 'Illness' }], cutoff: '2026-12-07T03:00:00.000Z', earns_makeup: true })),
      http.post('/api/classes/notify-absence', () =>
        HttpResponse.json({
          success: true,
          message: 'Absence notified',
          makeup: {
            MakeupID: 77,
            StudentID: 5,
            StudentName: 'Ella',
            LessonFormatID: 1,
            LessonFormat: 'Group',
            MissedDate: '2026-12-07',
            MissedClass: 'Tadpoles',
            ExpiresOn: '2027-03-07',
            Status: 'available',
            BookedDate: null,
            BookedClass: null,
            BookedAbsence: null,
            Level: null,
          },
        }),
      ),
    );
    renderRoute(<EnrolmentCard enrolment={enrolment} studentName="Ella" />, {
      user: HOLDER,
      url: '/',
      config: { ...classesTestConfig('HoursAndMinutes'), CanNotifyAbsence: true, CanTakeMakeups: true },
    });
    fireEvent.click(within(screen.getByTestId('enrolment')).getByRole('button', { name: 'Sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions of Tadpoles' });
    fireEvent.click(within(list).getByRole('button', { name: /^Notify absence/ }));
    const reasons = await screen.findByRole('dialog', { name: 'Reason for absence' });
    fireEvent.change(await within(reasons).findByLabelText('Reason'), { target: { value: '1' } });
    fireEvent.click(within(reasons).getByRole('button', { name: 'Notify absence' }));
    const success = await screen.findByRole('dialog', { name: 'Absence notified' });
    expect(within(success).getByText(/A make-up credit was added\. Book it for a session on or before 07\/03\/2027\./)).toBeTruthy();
    expect(within(success).getByRole('link', { name: 'Book make-up' }).getAttribute('href')).toBe('/hub/classes/makeups/book?makeup_id=77');
    expect(within(success).getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});

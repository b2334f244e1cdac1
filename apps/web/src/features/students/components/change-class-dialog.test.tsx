// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import type { ClassChangeAnswer, ClassChangeOptionsAnswer } from '@portal/shared/class-schemas';
import { classesTestConfig } from '@/test/classes-config';
import { installMockServer, server } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { useCartStore } from '@/lib/cart-store';
import { ChangeClassDialog } from './change-class-dialog';

installMockServer();
afterEach(() => cleanup());
beforeEach(() => useCartStore.getState().clear());

const thursday: ClassChangeOptionsAnswer['options'][number] = {
  ClassID: 202,
  Name: 'Tadpoles – Thursday',
  LessonFormat: 'Group',
  Venue: 'Bondi Pool',
  Court: 'Lane 2',
  Staff: 'Priya',
  Day: 4,
  Time: '16:00',
  Duration: 30,
  PlacesLeft: 1,
  StartDate: '2030-03-07',
  Sessions: 10,
  UnitPriceCents: 2_500,
  SessionsGivenUp: 8,
  PriceDifferenceCents: 4_500,
};

/** The change-class calls: the options (then none, once the class is taken), and the move's answers in turn. */
function serve(moves: (ClassChangeAnswer | { status: number; body: ApiError })[]) {
  let taken = false;
  const asked: unknown[] = [];
  server.use(
    http.get<never, never, ClassChangeOptionsAnswer>('/api/classes/change-options', () =>
      HttpResponse.json({ from: { ClassID: 101, Name: 'Tadpoles – Monday', UnitPriceCents: 2_500 }, options: taken ? [] : [thursday], NoticeHours: 24 }),
    ),
    http.post('/api/classes/change-class', async ({ request }) => {
      asked.push(await request.json());
      const next = moves.shift()!;
      if ('status' in next) {
        taken = true;
        return HttpResponse.json(next.body, { status: next.status });
      }
      return HttpResponse.json(next);
    }),
  );
  return asked;
}

const open = () =>
  renderRoute(<ChangeClassDialog studentId={5} studentName="Ava" classId={101} className="Tadpoles – Monday" onClose={() => {}} />, { url: '/', config: classesTestConfig('Minutes') });

describe('Change class (decision 096)', () => {
  it('shows each class with its start and the price difference; the move answered with an invoice offers to pay it now', async () => {
    const asked = serve([
      { success: true, ClassID: 202, Name: 'Tadpoles – Thursday', StartDate: '2030-03-07', ChargeCents: 4_500, CreditCents: 0, invoiceNo: 'INV-77', replayed: false, MakeupsGivenBack: [] },
    ]);
    open();
    const choice = await screen.findByRole('radio', { name: /Tadpoles – Thursday/ });
    expect(choice.closest('label')!.textContent).toContain('$45.00 more to pay');
    expect(choice.closest('label')!.textContent).toContain('From 07/03/2030 · 10 sessions · 1 place left');
    // Where the $45.00 comes from: ten sessions here for the eight left of the present class.
    expect(choice.closest('label')!.textContent).toContain('10 sessions ($250.00) for the 8 left of Tadpoles – Monday ($205.00)');
    expect((screen.getByRole('button', { name: 'Choose a class' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(choice);
    fireEvent.click(screen.getByRole('button', { name: 'Move to Tadpoles – Thursday' }));
    const done = await screen.findByRole('dialog', { name: 'Class changed' });
    expect(within(done).getByRole('status').textContent).toContain('Ava moves to Tadpoles – Thursday from 07/03/2030.');
    expect(within(done).getByRole('status').textContent).toContain('The difference of $45.00 is on invoice INV-77, due today.');
    expect(asked).toEqual([{ student_id: 5, from_class_id: 101, to_class_id: 202 }]);
    fireEvent.click(within(done).getByRole('button', { name: 'Pay $45.00 now' }));
    expect(useCartStore.getState().invoices).toEqual(['INV-77']);
  });

  it('a make-up the child had booked into the new class is said to be given back, as the e-mail says it', async () => {
    serve([{ success: true, ClassID: 202, Name: 'Tadpoles – Thursday', StartDate: '2030-03-07', ChargeCents: 0, CreditCents: 0, invoiceNo: null, replayed: false, MakeupsGivenBack: ['2030-03-14'] }]);
    open();
    fireEvent.click(await screen.findByRole('radio', { name: /Tadpoles – Thursday/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to Tadpoles – Thursday' }));
    const done = await screen.findByRole('dialog', { name: 'Class changed' });
    expect(within(done).getByRole('status').textContent).toContain('The make-up booked into Tadpoles – Thursday on 14/03/2030 is now part of the class: the credit is yours to book again.');
  });

  it('a class another family took first: the refusal is shown and the list is asked again', async () => {
    serve([{ status: 409, body: { code: 'CLASS_FULL', message: 'This class is full' } }]);
    open();
    fireEvent.click(await screen.findByRole('radio', { name: /Tadpoles – Thursday/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Move to Tadpoles – Thursday' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This class is full');
    expect(await screen.findByText(/There is no other class with a free place to move to just now/)).toBeTruthy();
  });

  it('no class to move to (full, too soon, or not for the child’s age): says so, nothing can be moved, and the way on is the office', async () => {
    server.use(
      http.get<never, never, ClassChangeOptionsAnswer>('/api/classes/change-options', () =>
        HttpResponse.json({ from: { ClassID: 101, Name: 'Tadpoles – Monday', UnitPriceCents: 2_500 }, options: [], NoticeHours: 24 }),
      ),
    );
    open();
    expect(
      await screen.findByText("There is no other class with a free place to move to just now. The classes of the same lesson format and level are all full, start too soon or are not for Ava's age."),
    ).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    // No button that cannot be pressed: Contact us, or Done.
    expect(screen.queryByRole('button', { name: 'Choose a class' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/hub/contact-us');
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('a double-tap on Move moves once, and the dialog shows what the move cost, not a repeat’s answer', async () => {
    const asked = serve([
      { success: true, ClassID: 202, Name: 'Tadpoles – Thursday', StartDate: '2030-03-07', ChargeCents: 4_500, CreditCents: 0, invoiceNo: 'INV-78', replayed: false, MakeupsGivenBack: [] },
      { success: true, ClassID: 202, Name: 'Tadpoles – Thursday', StartDate: '2030-03-07', ChargeCents: 0, CreditCents: 0, invoiceNo: null, replayed: true, MakeupsGivenBack: [] },
    ]);
    open();
    fireEvent.click(await screen.findByRole('radio', { name: /Tadpoles – Thursday/ }));
    const move = screen.getByRole('button', { name: 'Move to Tadpoles – Thursday' });
    fireEvent.click(move);
    fireEvent.click(move);
    const done = await screen.findByRole('dialog', { name: 'Class changed' });
    expect(within(done).getByRole('status').textContent).toContain('The difference of $45.00 is on invoice INV-78, due today.');
    expect(asked).toHaveLength(1);
  });
});

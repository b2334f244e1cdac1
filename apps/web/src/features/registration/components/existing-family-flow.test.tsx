// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { ClassFieldsAnswer, ClassSearch, ClassSearchAnswer, ClassStudentsAnswer, WaitlistAnswer, WaitlistEntry } from '@portal/shared/class-schemas';
import type { z } from 'zod';
import type { OcrSignInActionsAnswer, ocrSignInActionsSchema } from '@portal/shared/sign-in-action-schemas';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import type { ApiError } from '@portal/shared/api-schemas';
import { classesProfile, classSummary, quoteRow, registrationQuote, registrationTestConfig } from '@/test/registration-fixtures';
import { server, installMockServer } from '@/test/msw';
import { ExistingFamilyFlow } from './existing-family-flow';

installMockServer();
beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The signed-in family's queue: two students the profile's form still needs details for. */
function serveFamily(pendingStudents: number[], classes: ClassSearchAnswer['classes'] = []) {
  const asked: z.input<typeof ocrSignInActionsSchema>[] = [];
  server.use(
    http.post<never, z.input<typeof ocrSignInActionsSchema>, OcrSignInActionsAnswer>('/api/customer/ocr-sign-in-actions', async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json({ success: true, actions: pendingStudents.map((id, i) => ({ id: 50 + i, type: 'UpdateStudent' as const, agreement_id: null, student_id: id })) });
    }),
    http.get<never, never, ClassStudentsAnswer>('/api/classes/get-students', () =>
      HttpResponse.json({
        students: [
          { StudentID: 11, FirstName: 'Mia', LastName: 'Shah', DOB: null, Age: null, ClassIDs: [] },
          { StudentID: 12, FirstName: 'Leo', LastName: 'Shah', DOB: null, Age: null, ClassIDs: [] },
        ],
      }),
    ),
    http.get<never, never, ClassFieldsAnswer>('/api/classes/get-class-fields', () =>
      HttpResponse.json({ venues: [], lesson_formats: [], standards: [], days: [], times_of_day: [], sorts: [], AllowCasualEnrolments: true, IncludeTemporaryEnrolmentsInCount: false }),
    ),
    http.post<never, ClassSearch, ClassSearchAnswer>('/api/classes', () => HttpResponse.json({ current_page: 1, total_pages: 1, total: classes.length, classes })),
    // No child waiting for a chosen class, and no card on file.
    http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json({ entries: [] })),
    http.get('/api/customer/get-payment-details', () =>
      HttpResponse.json({ PaymentType: 'CreditCardPayments', offersCard: true, offersBank: false, bankFormat: 'AU', card: null, instalmentsOnCard: false, debitsScheduled: false, bank: null }),
    ),
  );
  return asked;
}

function renderFlow(staleTime = 30_000) {
  // The portal's own freshness (app/query-client.ts): an answer is kept 30 s unless invalidated.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, registrationTestConfig());
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ExistingFamilyFlow
          profile={classesProfile()}
          clientId={7}
          companyName="Splash Swim School"
          studentTerm="Swimmer"
          renderStudentUpdate={(studentId, onSaved) => (
            <button type="button" onClick={onSaved}>
              Save student {studentId}
            </button>
          )}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ExistingFamilyFlow: the students the profile still needs details for (N13)', () => {
  it('opens each pending student in turn, saving the first opens the second, then the classes', async () => {
    const asked = serveFamily([11, 12]);
    renderFlow();
    fireEvent.click(await screen.findByRole('button', { name: 'Save student 11' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save student 12' }));
    expect(await screen.findByRole('heading', { name: 'Choose Classes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save student/ })).toBeNull();
    // The queue is the one for this client and this profile, asked once.
    expect(asked).toEqual([{ client_id: 7, profile_id: 1, from_ocr: true }]);
  });

  it('with nothing pending goes straight to the classes', async () => {
    serveFamily([]);
    renderFlow();
    expect(await screen.findByRole('heading', { name: 'Choose Classes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save student/ })).toBeNull();
  });
});

describe('ExistingFamilyFlow: a full class a child already waits for', () => {
  const waiting = (StudentID: number, ClassID: number, Position = 1): WaitlistEntry => ({
    WaitlistID: StudentID * 1000 + ClassID,
    ClassID,
    ClassName: ClassID === 101 ? 'Tadpoles' : 'Dolphins',
    StudentID,
    StudentName: StudentID === 11 ? 'Mia Shah' : 'Leo Shah',
    Position,
    Status: 'waiting',
    OfferExpiresAt: null,
  });

  it('says who is on the waitlist instead of offering to join it again; where one child waits, the other may join, not the one waiting', async () => {
    const tadpoles = classSummary({ PlacesLeft: 0, IsFull: true });
    const dolphins = classSummary({ ClassID: 102, Name: 'Dolphins', PlacesLeft: 0, IsFull: true });
    serveFamily([], [tadpoles, dolphins]);
    server.use(
      http.get('/api/customer/get-active-agreements', () => HttpResponse.json({ agreements: [] })),
      http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json({ entries: [waiting(11, 101), waiting(12, 101, 2), waiting(11, 102)] })),
    );
    renderFlow();
    expect(await screen.findByText('Mia Shah and Leo Shah are on the waitlist')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join waitlist: Tadpoles' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Join waitlist: Dolphins' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const mia = await screen.findByRole('group', { name: 'Classes for Mia Shah' });
    const miaBox = within(mia).getByRole('checkbox', { name: /Dolphins/ }) as HTMLInputElement;
    expect([miaBox.disabled, miaBox.checked]).toEqual([true, false]);
    expect(within(mia).getByText('Already on the waitlist for this class')).toBeTruthy();
    const leo = screen.getByRole('group', { name: 'Classes for Leo Shah' });
    expect((within(leo).getByRole('checkbox', { name: /Dolphins/ }) as HTMLInputElement).disabled).toBe(false);
  });
});

describe('ExistingFamilyFlow: a class that filled since the family chose it', () => {
  it('the checkout says so and offers to choose other classes, which opens the class step with the classes chosen and the places read again', async () => {
    serveFamily([], [classSummary()]);
    const full = 'Tadpoles is full. Choose another class, or join its waitlist.';
    // The class fills once the family has chosen it: the quote is refused, and the search then shows it full.
    let filled = false;
    let searchesSinceFilled = 0;
    server.use(
      http.get('/api/customer/get-active-agreements', () => HttpResponse.json({ agreements: [] })),
      http.post('/api/classes/ocr-class-quote', () => {
        filled = true;
        return HttpResponse.json<ApiError>({ message: full, code: 'CLASS_FULL' }, { status: 409 });
      }),
      http.post<never, ClassSearch, ClassSearchAnswer>('/api/classes', () => {
        if (filled) searchesSinceFilled += 1;
        return HttpResponse.json({ current_page: 1, total_pages: 1, total: 1, classes: [filled ? classSummary({ PlacesLeft: 0, IsFull: true }) : classSummary()] });
      }),
    );
    renderFlow();
    fireEvent.click(await screen.findByRole('button', { name: 'Add class: Tadpoles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(within(await screen.findByRole('group', { name: 'Classes for Mia Shah' })).getByRole('checkbox', { name: /Tadpoles/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(full)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Choose other classes' }));
    expect(await screen.findByRole('heading', { name: 'Choose Classes' })).toBeTruthy();
    expect(screen.queryByText(full)).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Your classes' })).getByText('Tadpoles')).toBeTruthy();
    // The places are read again: the class shows full, with its waitlist.
    await waitFor(() => expect(searchesSinceFilled).toBeGreaterThan(0));
    // Your classes says the class filled, and offers its waitlist instead, which keeps the child chosen for it.
    const mine = screen.getByRole('list', { name: 'Your classes' });
    expect(await within(mine).findByText('Full now')).toBeTruthy();
    fireEvent.click(within(mine).getByRole('button', { name: 'Join waitlist instead: Tadpoles' }));
    expect(within(mine).getByText('Waitlist')).toBeTruthy();
    expect(within(mine).queryByText('Full now')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const box = within(await screen.findByRole('group', { name: 'Classes for Mia Shah' })).getByRole('checkbox', { name: /Tadpoles/ });
    expect((box as HTMLInputElement).checked).toBe(true);
  });

  it('decision 109: the checkout shows the places held; back on the class step, the class whose last place the family holds is not "Full now"', async () => {
    serveFamily([], [classSummary()]);
    const heldUntil = new Date(Date.now() + 600_000).toISOString();
    let quoted = false;
    let searchesSinceHeld = 0;
    server.use(
      http.get('/api/customer/get-active-agreements', () => HttpResponse.json({ agreements: [] })),
      http.post('/api/classes/ocr-class-quote', () => {
        quoted = true;
        return HttpResponse.json({ ...registrationQuote(), holds: [{ ClassID: 101, heldUntil }] });
      }),
      // Once held, the search counts the family's own place as taken.
      http.post<never, ClassSearch, ClassSearchAnswer>('/api/classes', () => {
        if (quoted) searchesSinceHeld += 1;
        return HttpResponse.json({ current_page: 1, total_pages: 1, total: 1, classes: [quoted ? classSummary({ PlacesLeft: 0, IsFull: true }) : classSummary({ PlacesLeft: 1 })] });
      }),
    );
    // The class step comes back more than 30 s later: its search is read again.
    renderFlow(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Add class: Tadpoles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(within(await screen.findByRole('group', { name: 'Classes for Mia Shah' })).getByRole('checkbox', { name: /Tadpoles/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const region = await screen.findByRole('region', { name: /^Held for you until / });
    expect(within(region).getByRole('timer').textContent).toMatch(/^(10 min|9 min( \d{1,2} s)?)$/);

    fireEvent.click(screen.getAllByRole('button', { name: 'Back' })[0]!);
    expect(await screen.findByRole('group', { name: 'Classes for Mia Shah' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Back' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Choose Classes' })).toBeTruthy();
    // The search read again counts the family's own place as taken: still this family's.
    await waitFor(() => expect(searchesSinceHeld).toBeGreaterThan(0));
    const mine = screen.getByRole('list', { name: 'Your classes' });
    await waitFor(() => expect(within(mine).getByText(/Tadpoles/)).toBeTruthy());
    expect(within(mine).queryByText('Full now')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const box = within(await screen.findByRole('group', { name: 'Classes for Mia Shah' })).getByRole('checkbox', { name: /Tadpoles/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Hold again after another family took the place says the place was taken, not held, and offers other classes or the waitlist', async () => {
    serveFamily([], [classSummary()]);
    let taken = false;
    server.use(
      http.get('/api/customer/get-active-agreements', () => HttpResponse.json({ agreements: [] })),
      // Asked again once the hold ran out, the place went to another family: the quote holds nothing.
      http.post('/api/classes/ocr-class-quote', () =>
        HttpResponse.json({
          ...registrationQuote({ rows: [quoteRow('r1', 'Class', 'Tadpoles – Mia Shah', 10_000)], priceCents: 10_000, surchargeCents: 0, paymentOptions: ['credit_card'] }),
          holds: taken ? [] : [{ ClassID: 101, heldUntil: new Date(Date.now() + 1_500).toISOString() }],
        }),
      ),
    );
    renderFlow();
    fireEvent.click(await screen.findByRole('button', { name: 'Add class: Tadpoles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(within(await screen.findByRole('group', { name: 'Classes for Mia Shah' })).getByRole('checkbox', { name: /Tadpoles/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const lapsed = await screen.findByRole('region', { name: 'No longer held for you' }, { timeout: 4_000 });
    taken = true;
    fireEvent.click(within(lapsed).getByRole('button', { name: 'Hold again' }));

    const region = await screen.findByRole('region', { name: 'Taken by another family' });
    expect(within(region).getByText('Tadpoles')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Held for you until / })).toBeNull();
    expect(screen.queryByRole('region', { name: 'No longer held for you' })).toBeNull();
    expect(screen.queryByText(/kept for you while you pay/)).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Choose other classes' }));
    expect(await screen.findByRole('heading', { name: 'Choose Classes' })).toBeTruthy();
  });

  it('K14: the card the family keeps on file is offered first, and Pay sends it without asking for a card', async () => {
    serveFamily([], [classSummary()]);
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/customer/get-active-agreements', () => HttpResponse.json({ agreements: [] })),
      http.get('/api/customer/get-payment-details', () =>
        HttpResponse.json({
          PaymentType: 'CreditCardPayments',
          offersCard: true,
          offersBank: false,
          bankFormat: 'AU',
          card: { brand: 'Visa', last4: '4242', expiry: '12/2029' },
          instalmentsOnCard: false,
          debitsScheduled: false,
          bank: null,
        }),
      ),
      http.post('/api/classes/ocr-class-quote', () =>
        HttpResponse.json(registrationQuote({ rows: [quoteRow('r1', 'Class', 'Tadpoles – Mia Shah', 10_000)], priceCents: 10_000, surchargeCents: 0, paymentOptions: ['credit_card'] })),
      ),
      http.post('/api/classes/ocr-class', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json<ApiError>({ message: 'Your card was declined.', code: 'card_declined' }, { status: 402 });
      }),
    );
    renderFlow();
    fireEvent.click(await screen.findByRole('button', { name: 'Add class: Tadpoles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(within(await screen.findByRole('group', { name: 'Classes for Mia Shah' })).getByRole('checkbox', { name: /Tadpoles/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const saved = await screen.findByRole('radio', { name: 'Saved card: Visa ending 4242 (expires 12/2029)' });
    expect((saved as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ useSavedCard: true, direct_debit_payment: false });
    expect(sent[0]!.cardToken).toBeUndefined();
    // Another card shows the card form.
    fireEvent.click(screen.getByRole('radio', { name: 'Another card' }));
    expect(await screen.findByRole('form', { name: 'Card details' })).toBeTruthy();
  });

  it('decision 109: after a declined card the cart’s places are held on from the checkout: the quote is asked again and shows until when', async () => {
    serveFamily([], [classSummary()]);
    let until = Date.now() + 90_000;
    let quotes = 0;
    server.use(
      http.get('/api/customer/get-active-agreements', () => HttpResponse.json({ agreements: [] })),
      http.post('/api/classes/ocr-class-quote', () => {
        quotes += 1;
        return HttpResponse.json({
          ...registrationQuote({ rows: [quoteRow('r1', 'Class', 'Tadpoles – Mia Shah', 10_000)], priceCents: 10_000, surchargeCents: 0, paymentOptions: ['credit_card'] }),
          holds: [{ ClassID: 101, heldUntil: new Date(until).toISOString() }],
        });
      }),
      http.post('/sim-gateway/v1/tokens', () => HttpResponse.json({ id: 'tok_test000001', card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 } })),
      http.post('/api/classes/ocr-class', () => HttpResponse.json<ApiError>({ message: 'Your card was declined. Please try another card.', code: 'card_declined' }, { status: 402 })),
    );
    renderFlow();
    fireEvent.click(await screen.findByRole('button', { name: 'Add class: Tadpoles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(within(await screen.findByRole('group', { name: 'Classes for Mia Shah' })).getByRole('checkbox', { name: /Tadpoles/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const region = await screen.findByRole('region', { name: /^Held for you until / });
    expect(within(region).getByRole('timer').textContent).toMatch(/^1 min [23]\d s$/);
    // The checkout held the place on for its own ten minutes before the card was declined.
    until = Date.now() + 600_000;
    const form = await screen.findByRole('form', { name: 'Card details' });
    fireEvent.change(within(form).getByLabelText('Name on card'), { target: { value: 'Priya Shah' } });
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '4000000000000002' } });
    fireEvent.change(within(form).getByLabelText('Expiry (MM/YYYY)'), { target: { value: '12/2030' } });
    fireEvent.change(within(form).getByLabelText('Security code'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await screen.findByText('Your card was declined. Please try another card.')).toBeTruthy();
    await waitFor(() => expect(quotes).toBe(2));
    await waitFor(() => expect(within(screen.getByRole('region', { name: /^Held for you until / })).getByRole('timer').textContent).toMatch(/^(10 min|9 min( \d{1,2} s)?)$/));
  });

  it('refused at Submit: "Choose other classes" stays when the message is dismissed, as Submit would be refused again', async () => {
    serveFamily([], [classSummary()]);
    const full = 'Tadpoles is full. Choose another class, or join its waitlist.';
    const free = registrationQuote();
    server.use(
      http.get('/api/customer/get-active-agreements', () => HttpResponse.json({ agreements: [] })),
      http.post('/api/classes/ocr-class-quote', () => HttpResponse.json(free)),
      http.post('/api/classes/ocr-class', () => HttpResponse.json<ApiError>({ message: full, code: 'CLASS_FULL' }, { status: 409 })),
    );
    renderFlow();
    fireEvent.click(await screen.findByRole('button', { name: 'Add class: Tadpoles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(within(await screen.findByRole('group', { name: 'Classes for Mia Shah' })).getByRole('checkbox', { name: /Tadpoles/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(full)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose other classes' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByText(full)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose other classes' }));
    expect(await screen.findByRole('heading', { name: 'Choose Classes' })).toBeTruthy();
  });

  it('the places read again after a refusal are kept: with one place left, two children ticked for the class are one too many', async () => {
    serveFamily([], [classSummary()]);
    let searches = 0;
    server.use(
      http.get('/api/customer/get-active-agreements', () => HttpResponse.json({ agreements: [] })),
      // Two children asked for, one place left: the quote refuses the second.
      http.post('/api/classes/ocr-class-quote', () => HttpResponse.json<ApiError>({ message: 'Tadpoles is full. Choose another class, or join its waitlist.', code: 'CLASS_FULL' }, { status: 409 })),
      http.post<never, ClassSearch, ClassSearchAnswer>('/api/classes', () => {
        searches += 1;
        return HttpResponse.json({ current_page: 1, total_pages: 1, total: 1, classes: [classSummary({ PlacesLeft: searches === 1 ? 2 : 1 })] });
      }),
    );
    renderFlow();
    fireEvent.click(await screen.findByRole('button', { name: 'Add class: Tadpoles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const box = (name: string) => within(screen.getByRole('group', { name: `Classes for ${name}` })).getByRole('checkbox', { name: /Tadpoles/ }) as HTMLInputElement;
    await screen.findByRole('group', { name: 'Classes for Mia Shah' });
    fireEvent.click(box('Mia Shah'));
    fireEvent.click(box('Leo Shah'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose other classes' }));

    expect(await screen.findByRole('heading', { name: 'Choose Classes' })).toBeTruthy();
    await waitFor(() => expect(searches).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('group', { name: 'Classes for Leo Shah' });
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Tadpoles has 1 place left: choose it for no more than 1 swimmer.');
    expect(next.getAttribute('aria-describedby')).toBe(screen.getByRole('status').id);

    fireEvent.click(box('Leo Shah'));
    expect(next.disabled).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
    expect(box('Leo Shah').disabled).toBe(true);
  });
});

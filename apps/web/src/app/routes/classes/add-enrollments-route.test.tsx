// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { ClassFieldsAnswer, ClassSearchAnswer, ClassStudentsAnswer, OcrProfileAnswer, WaitlistAnswer } from '@portal/shared/class-schemas';
import type { CartHoldsAnswer } from '@portal/shared/payment-schemas';
import { paths } from '@/config/paths';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { useCartStore } from '@/lib/cart-store';
import { classesProfile, classSummary, registrationTestConfig } from '@/test/registration-fixtures';
import { server, installMockServer } from '@/test/msw';
import AddEnrollmentsRoute from './add-enrollments-route';

installMockServer();
afterEach(() => cleanup());

const NOAH = 4;
const ELLA = 5;
const soon = () => new Date(Date.now() + 10 * 60_000).toISOString();

/**
 * Three full classes, each in the cart: Dolphin for the term for Noah (held), Shark for one session
 * for Ella (held), Turtle for the term for Noah (its hold ran out a minute ago).
 */
function serve() {
  server.use(
    http.get<never, never, OcrProfileAnswer>('/api/classes/ocr-profiles/1', () => HttpResponse.json({ success: true, profile: classesProfile() })),
    http.get<never, never, ClassFieldsAnswer>('/api/classes/get-class-fields', () =>
      HttpResponse.json({ venues: [], lesson_formats: [], standards: [], days: [], times_of_day: [], sorts: [], AllowCasualEnrolments: true, IncludeTemporaryEnrolmentsInCount: false }),
    ),
    http.get<never, never, ClassStudentsAnswer>('/api/classes/get-students', () =>
      HttpResponse.json({
        students: [
          { StudentID: NOAH, FirstName: 'Noah', LastName: 'Mitchell', DOB: null, Age: null, ClassIDs: [] },
          { StudentID: ELLA, FirstName: 'Ella', LastName: 'Mitchell', DOB: null, Age: null, ClassIDs: [] },
        ],
      }),
    ),
    http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json({ entries: [] })),
    http.post<never, never, ClassSearchAnswer>('/api/classes', () =>
      HttpResponse.json({
        current_page: 1,
        total_pages: 1,
        total: 3,
        classes: [
          classSummary({ ClassID: 11, Name: 'Dolphin – Monday', PlacesLeft: 0, IsFull: true }),
          classSummary({ ClassID: 12, Name: 'Shark – Friday', PlacesLeft: 0, IsFull: true }),
          classSummary({ ClassID: 13, Name: 'Turtle – Wednesday', PlacesLeft: 0, IsFull: true }),
        ],
      }),
    ),
    http.get<never, never, CartHoldsAnswer>('/api/payment/cart-holds', () =>
      HttpResponse.json({
        classes: [
          { ClassID: 11, StudentID: NOAH, heldUntil: soon(), casual: false, date: null },
          { ClassID: 12, StudentID: ELLA, heldUntil: soon(), casual: true, date: '2030-03-04' },
          { ClassID: 13, StudentID: NOAH, heldUntil: new Date(Date.now() - 60_000).toISOString(), casual: false, date: null },
        ],
        courts: [],
        refused: [],
      }),
    ),
  );
}

function renderPage(url: string = paths.addEnrollments(1)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, registrationTestConfig());
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={paths.addEnrollments(':ocrProfileId')} element={<AddEnrollmentsRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const card = async (name: string) => (await screen.findAllByTestId('class-result')).find((c) => c.textContent?.includes(name))!;

beforeEach(() => {
  useCartStore.getState().clear();
  useCartStore.getState().setClassItems([
    { ClassID: 11, StudentID: NOAH, dates: [], label: 'Dolphin – Monday – Noah Mitchell' },
    { ClassID: 12, StudentID: ELLA, dates: ['2030-03-08'], casual: true, label: 'Shark – Friday – Ella Mitchell' },
    { ClassID: 13, StudentID: NOAH, dates: [], label: 'Turtle – Wednesday – Noah Mitchell' },
  ]);
});

describe('AddEnrollmentsRoute: a full class whose place the family holds in its cart', () => {
  it('says the place is held for the child and leads to the checkout; a held session or a hold that ran out leaves the class full', async () => {
    serve();
    renderPage();
    const dolphin = await card('Dolphin – Monday');
    expect(await within(dolphin).findByText('A place is held for Noah Mitchell')).toBeTruthy();
    expect(within(dolphin).getByRole('link', { name: 'Go to checkout: Dolphin – Monday' }).getAttribute('href')).toBe(paths.checkout);

    for (const name of ['Shark – Friday', 'Turtle – Wednesday']) {
      const full = await card(name);
      expect(within(full).queryByText(/A place is held/)).toBeNull();
      expect(within(full).getByRole('button', { name: 'Join waitlist' })).toBeTruthy();
    }
  });

  it('on the family’s other device, whose cart is empty: the place held is said held, with Add to cart instead of the waitlist', async () => {
    useCartStore.getState().clear();
    serve();
    renderPage();
    const dolphin = await card('Dolphin – Monday');
    expect(await within(dolphin).findByText('A place is held for Noah Mitchell')).toBeTruthy();
    expect(within(dolphin).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
    expect(within(dolphin).queryByRole('button', { name: 'Join waitlist' })).toBeNull();
    // A held session is not the term's place; a hold that ran out holds nothing.
    for (const name of ['Shark – Friday', 'Turtle – Wednesday']) {
      const full = await card(name);
      expect(within(full).queryByText(/A place is held/)).toBeNull();
      expect(within(full).getByRole('button', { name: 'Join waitlist' })).toBeTruthy();
    }
  });

  it('Add to cart of a place held on the other device offers that child and the term only, never another child or one session', async () => {
    useCartStore.getState().clear();
    serve();
    renderPage();
    const dolphin = await card('Dolphin – Monday');
    fireEvent.click(await within(dolphin).findByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('dialog');
    const child = within(dialog).getByRole('combobox', { name: 'Student' });
    expect(
      within(child)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Noah Mitchell']);
    expect(within(dialog).queryByRole('radio', { name: /One session/ })).toBeNull();
  });

  it('with another child picked, the class is full for that child: its waitlist, not the checkout', async () => {
    serve();
    renderPage();
    await within(await card('Dolphin – Monday')).findByText('A place is held for Noah Mitchell');
    fireEvent.change(screen.getByRole('combobox', { name: 'Student' }), { target: { value: String(ELLA) } });
    const dolphin = await card('Dolphin – Monday');
    expect(within(dolphin).queryByRole('link', { name: /Go to checkout/ })).toBeNull();
    expect(within(dolphin).getByRole('button', { name: 'Join waitlist' })).toBeTruthy();
  });

  it('joined, the waitlist says who is at which position for which class, and where the place is kept: Classes, where it can be left too', async () => {
    serve();
    server.use(
      http.post<never, never, WaitlistAnswer>('/api/classes/join-waitlist', () =>
        HttpResponse.json({
          entries: [{ WaitlistID: 5, ClassID: 12, ClassName: 'Shark – Friday', StudentID: NOAH, StudentName: 'Noah Mitchell', Position: 1, Status: 'waiting', OfferExpiresAt: null }],
        }),
      ),
    );
    renderPage();
    fireEvent.click(within(await card('Shark – Friday')).getByRole('button', { name: 'Join waitlist' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Join waitlist' })).getByRole('button', { name: 'Join waitlist' }));
    const joined = await screen.findByRole('dialog', { name: 'Added to the waitlist' });
    expect(within(joined).getByText(/Your place in the queue is under/).textContent).toBe(
      'Noah Mitchell is number 1 on the waitlist for Shark – Friday. We will let you know by notification and e-mail as soon as a place is free. Your place in the queue is under Classes, where you can also leave it.',
    );
    expect(within(joined).getByRole('link', { name: 'Classes' }).getAttribute('href')).toBe('/hub/classes');
  });

  it('a refused join of the waitlist is titled as what failed, and a double-tap sends one join', async () => {
    serve();
    const joins: unknown[] = [];
    server.use(
      http.post('/api/classes/join-waitlist', async ({ request }) => {
        joins.push(await request.json());
        return HttpResponse.json({ code: 'ALREADY_WAITLISTED', message: 'This student is already on the waitlist for this class' }, { status: 409 });
      }),
    );
    renderPage();
    fireEvent.click(within(await card('Shark – Friday')).getByRole('button', { name: 'Join waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join waitlist' });
    const join = within(dialog).getByRole('button', { name: 'Join waitlist' });
    fireEvent.click(join);
    fireEvent.click(join);
    expect(await screen.findByRole('dialog', { name: 'Could not join the waitlist' })).toBeTruthy();
    expect(screen.getByText('This student is already on the waitlist for this class')).toBeTruthy();
    expect(joins).toHaveLength(1);
  });
});

describe('AddEnrollmentsRoute: a full class a child is already waiting for', () => {
  // Noah waits for Shark; both children wait for Turtle.
  const waiting = (classId: number, studentId: number, id: number) => ({
    WaitlistID: id,
    ClassID: classId,
    ClassName: '',
    StudentID: studentId,
    StudentName: studentId === NOAH ? 'Noah Mitchell' : 'Ella Mitchell',
    Position: 2,
    Status: 'waiting' as const,
    OfferExpiresAt: null,
  });
  function serveWaiting() {
    serve();
    server.use(http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json({ entries: [waiting(12, NOAH, 1), waiting(13, NOAH, 2), waiting(13, ELLA, 3)] })));
  }

  it('says the child picked is on the waitlist instead of offering to join it again', async () => {
    serveWaiting();
    renderPage();
    await screen.findByRole('option', { name: 'Noah Mitchell' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Student' }), { target: { value: String(NOAH) } });
    const shark = await card('Shark – Friday');
    expect(await within(shark).findByText('Noah Mitchell is on the waitlist')).toBeTruthy();
    expect(within(shark).queryByRole('button', { name: 'Join waitlist' })).toBeNull();
  });

  it('with no child picked, a class every child waits for says so; another offers the waitlist to the child who is not on it', async () => {
    serveWaiting();
    renderPage();
    const turtle = await card('Turtle – Wednesday');
    expect(await within(turtle).findByText('Noah Mitchell and Ella Mitchell are on the waitlist')).toBeTruthy();
    expect(within(turtle).queryByRole('button', { name: 'Join waitlist' })).toBeNull();

    fireEvent.click(within(await card('Shark – Friday')).getByRole('button', { name: 'Join waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join waitlist' });
    expect(within(dialog).getByRole<HTMLOptionElement>('option', { name: 'Noah Mitchell (on the waitlist)' }).disabled).toBe(true);
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Student' }).value).toBe(String(ELLA));
  });
});

describe('AddEnrollmentsRoute: a class a child is already in', () => {
  it('with that child picked, says so instead of Add to cart; another child, or no child picked, may still add it', async () => {
    serve();
    server.use(
      http.get<never, never, ClassStudentsAnswer>('/api/classes/get-students', () =>
        HttpResponse.json({
          students: [
            { StudentID: NOAH, FirstName: 'Noah', LastName: 'Mitchell', DOB: null, Age: null, ClassIDs: [] },
            { StudentID: ELLA, FirstName: 'Ella', LastName: 'Mitchell', DOB: null, Age: null, ClassIDs: [14] },
          ],
        }),
      ),
      http.post<never, never, ClassSearchAnswer>('/api/classes', () =>
        HttpResponse.json({ current_page: 1, total_pages: 1, total: 1, classes: [classSummary({ ClassID: 14, Name: 'Seahorse – Tuesday', PlacesLeft: 3, IsFull: false })] }),
      ),
    );
    renderPage();
    await screen.findByRole('option', { name: 'Ella Mitchell' });
    expect(within(await card('Seahorse – Tuesday')).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Student' }), { target: { value: String(ELLA) } });
    const seahorse = await card('Seahorse – Tuesday');
    expect(await within(seahorse).findByText('Ella Mitchell is enrolled')).toBeTruthy();
    expect(within(seahorse).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Student' }), { target: { value: String(NOAH) } });
    expect(await within(await card('Seahorse – Tuesday')).findByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  it('a class already in the cart for the child picked says so, with the way to the checkout, instead of Add to cart', async () => {
    serve();
    server.use(
      http.post<never, never, ClassSearchAnswer>('/api/classes', () =>
        HttpResponse.json({ current_page: 1, total_pages: 1, total: 1, classes: [classSummary({ ClassID: 14, Name: 'Seal – Tuesday', PlacesLeft: 3, IsFull: false })] }),
      ),
    );
    useCartStore.getState().clear();
    useCartStore.getState().setClassItems([{ ClassID: 14, StudentID: ELLA, dates: [] }]);
    renderPage();
    await screen.findByRole('option', { name: 'Ella Mitchell' });
    // No child picked: Noah may still be added.
    expect(within(await card('Seal – Tuesday')).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Student' }), { target: { value: String(ELLA) } });
    const seal = await card('Seal – Tuesday');
    expect(await within(seal).findByText('Ella Mitchell is in your cart')).toBeTruthy();
    expect(within(seal).getByRole('link', { name: 'Go to checkout: Seal – Tuesday' }).getAttribute('href')).toBe('/hub/checkout');
    expect(within(seal).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Student' }), { target: { value: String(NOAH) } });
    expect(await within(await card('Seal – Tuesday')).findByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });
});

describe('AddEnrollmentsRoute: adding a class to the cart', () => {
  it('Continue after "Added to cart" gives the focus back to the class’s Add to cart button, not the page', async () => {
    serve();
    server.use(
      http.post<never, never, ClassSearchAnswer>('/api/classes', () =>
        HttpResponse.json({ current_page: 1, total_pages: 1, total: 1, classes: [classSummary({ ClassID: 14, Name: 'Seal – Tuesday', PlacesLeft: 4, IsFull: false })] }),
      ),
      http.post('/api/classes/validate-class-item', () =>
        HttpResponse.json({ success: true, item: { ClassID: 14, StudentID: NOAH, kind: 'ongoing', Name: 'Seal – Tuesday', dates: [], unit_price: 2250, PlacesLeft: 4 } }),
      ),
    );
    renderPage();
    const opener = within(await card('Seal – Tuesday')).getByRole('button', { name: 'Add to cart' });
    // Each button pressed where the focus is, as a keyboard would.
    opener.focus();
    fireEvent.click(opener);
    const add = within(await screen.findByRole('dialog', { name: 'Add to cart' })).getByRole('button', { name: 'Add to cart' });
    add.focus();
    fireEvent.click(add);
    const added = await screen.findByRole('dialog', { name: 'Added to cart' });
    // The way on is a button as large as Continue, not a link inside the sentence.
    const checkout = within(added).getByRole('link', { name: 'Go to checkout' });
    expect(checkout.getAttribute('href')).toBe('/hub/checkout');
    expect(checkout.className).toContain('w-full');
    const next = within(added).getByRole('button', { name: 'Continue' });
    next.focus();
    fireEvent.click(next);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const seal = await card('Seal – Tuesday');
    await waitFor(() => expect(document.activeElement).toBe(within(seal).getByRole('button', { name: 'Add to cart' })));
  });

  it('a link to a programme the company no longer offers, or to none, is one screen saying so, with the way to Classes', async () => {
    serve();
    server.use(
      http.get('/api/classes/ocr-profiles/999', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })),
      http.get('/api/classes/get-class-fields', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })),
    );
    for (const url of ['/hub/classes/add-enrollments/999', '/hub/classes/add-enrollments/abc']) {
      renderPage(url);
      expect(await screen.findByText('These classes are not open for enrollment. Choose from what is open now.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to Classes' }).getAttribute('href')).toBe('/hub/classes');
      expect(screen.queryByText('Not found')).toBeNull();
      expect(screen.queryByText(/Invalid input/)).toBeNull();
      cleanup();
    }
  });
});

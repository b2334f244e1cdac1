// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useNavigate, type InitialEntry } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { ActiveAgreementsAnswer, Agreement } from '@portal/shared/agreement-schemas';
import type { ApiError } from '@portal/shared/api-schemas';
import type { ClassFieldsAnswer, ClassSearch, ClassSearchAnswer, ClassSummary, WaitlistAnswer } from '@portal/shared/class-schemas';
import { customerFormFieldsSchema, studentFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import { HOLD_EXPIRED_MESSAGE, type GatewayChallenge, type GatewayToken, type PaymentAnswer } from '@portal/shared/payment-schemas';
import {
  REGISTRATION_TOKEN_HEADER,
  registrationMessages as rm,
  type RegistrationAnswer,
  type RegistrationQuoteAnswer,
  type RegistrationSubmission,
  type registrationCardTokenRequestSchema,
  type registrationQuoteRequestSchema,
} from '@portal/shared/registration-schemas';
import type { z } from 'zod';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { resetIdentity } from '@/entities/customer/identity';
import { useSessionStore } from '@/lib/session-store';
import { formTestConfig } from '@/test/form-config';
import { classesProfile, classSummary, quoteRow, registrationQuote, registrationTestConfig } from '@/test/registration-fixtures';
import { server, installMockServer } from '@/test/msw';
import { stripeJs } from '@/test/stripe-js';
import { registrationStorageKey, type ChosenClass, type RegistrationState } from '../lib/registration-state';
import { RegistrationFlow } from './registration-flow';

vi.mock('@stripe/stripe-js/pure', async () => (await import('@/test/stripe-js')).stripeJsModule);

installMockServer();
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // The family a completed registration signed in is not the next test's visitor.
  useSessionStore.getState().setUser(null);
});
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

const config = registrationTestConfig({ localization: { ...formTestConfig().localization, CurrencySymbol: '$', DateFormat: 'dd/MM/yyyy' } });
const KEY = registrationStorageKey(1001, 1);
const TOKEN = 'registration-token-123';
const verified = { email: 'priya@example.com', token: TOKEN, message: rm.codeSent('priya@example.com'), verified: true };
const customer = { FirstName: 'Priya', LastName: 'Shah', Email: 'priya@example.com' };
const terms: Agreement = {
  AgreementID: 1,
  Name: 'Terms and conditions',
  AgreementText: 'Lessons are charged per term.',
  RequiresSignature: false,
  Version: 1,
  pivot: { Required: true },
  Signed: null,
};

const tadpoles = classSummary();
const dolphins = classSummary({ ClassID: 102, Name: 'Dolphins', Day: 3, Time: '17:00', ClassCount: 6, PlacesLeft: 0, IsFull: true });
const chosen = (c: ClassSummary, kind: Partial<ChosenClass> = {}): ChosenClass => ({
  ClassID: c.ClassID,
  Name: c.Name,
  Day: c.Day,
  Time: c.Time,
  Venue: c.Venue,
  PlacesLeft: c.PlacesLeft,
  casual: false,
  dates: [],
  waitlist: c.IsFull,
  ...kind,
});

function resumeAt(state: Partial<RegistrationState>) {
  window.sessionStorage.setItem(
    KEY,
    JSON.stringify({ page: 'titlePage', proof: null, students: [], editing: null, customer: null, marketing: null, agreed: {}, classes: [], studentClasses: [], paymentOption: null, ...state }),
  );
}
const stored = () => JSON.parse(window.sessionStorage.getItem(KEY)!) as RegistrationState;

/** The profile's forms; `birthDate`: the student form asks for a date of birth too. */
function serveForms(birthDate = false, medical = false) {
  server.use(
    http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () =>
      HttpResponse.json(
        customerFormFieldsSchema.parse({
          fields: [
            { OCRFormFieldNameID: 1, State: 'Mandatory' },
            { OCRFormFieldNameID: 2, State: 'Mandatory' },
            { OCRFormFieldNameID: 12, State: 'Mandatory' },
          ],
        }),
      ),
    ),
    http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () =>
      HttpResponse.json(
        studentFormFieldsSchema.parse({
          fields: [
            { OCRFormFieldNameID: 15, State: 'Mandatory' },
            { OCRFormFieldNameID: 16, State: 'Mandatory' },
            ...(birthDate ? [{ OCRFormFieldNameID: 17, State: 'Optional' as const }] : []),
            ...(medical ? [{ OCRFormFieldNameID: 24, State: 'Optional' as const }] : []),
          ],
        }),
      ),
    ),
    http.get<never, never, ActiveAgreementsAnswer>('/api/customer/get-active-agreements', () => HttpResponse.json({ success: true, agreements: [terms] })),
  );
}

function serveSearch(classes: ClassSummary[], pages = 1) {
  const searches: ClassSearch[] = [];
  server.use(
    http.get<never, never, ClassFieldsAnswer>('/api/classes/get-class-fields', () =>
      HttpResponse.json({ venues: [], lesson_formats: [], standards: [], days: [], times_of_day: [], sorts: [], AllowCasualEnrolments: true, IncludeTemporaryEnrolmentsInCount: false }),
    ),
    http.post<never, ClassSearch, ClassSearchAnswer>('/api/classes', async ({ request }) => {
      searches.push(await request.json());
      return HttpResponse.json({ current_page: searches.at(-1)!.page ?? 1, total_pages: pages, total: classes.length * pages, classes });
    }),
  );
  return searches;
}

/**
 * The quote of Tadpoles for the term ($100), with a $1.50 card surcharge unless paid by direct debit;
 * waitlist places only cost nothing. `held` keeps each answer back until the promise it returns settles.
 */
/** The quote of one held class, held until `until()`; while `failing`, the server is briefly unavailable (503). */
function serveQuoteThatMayFail(until: () => number) {
  const state = { failing: false };
  server.use(
    http.post('/api/ocr/quote', (): Response =>
      state.failing
        ? HttpResponse.json<ApiError>({ message: 'The service is briefly unavailable. Please try again in a moment.', code: 'DATABASE_UNAVAILABLE' }, { status: 503 })
        : HttpResponse.json<RegistrationQuoteAnswer>({
            ...registrationQuote({ rows: [quoteRow('r1', 'Class', 'Tadpoles – Mia Shah', 10_000)], priceCents: 10_000, surchargeCents: 0, paymentOptions: ['credit_card'] }),
            holds: [{ ClassID: 101, heldUntil: new Date(until()).toISOString() }],
          }),
    ),
  );
  return state;
}

function serveQuote(paymentOptions: RegistrationQuoteAnswer['paymentOptions'] = ['credit_card', 'direct_debit'], held?: () => Promise<void>, stripePublishableKey: string | null = null) {
  const asked: z.input<typeof registrationQuoteRequestSchema>[] = [];
  server.use(
    http.post<never, z.input<typeof registrationQuoteRequestSchema>, RegistrationQuoteAnswer>('/api/ocr/quote', async ({ request }) => {
      const body = await request.json();
      asked.push(body);
      await held?.();
      const price = body.classes?.some((c) => !c.waitlist) ? 10_000 : 0;
      const surcharge = body.direct_debit_payment || price === 0 ? 0 : 150;
      return HttpResponse.json(
        registrationQuote({
          rows: [...(price ? [quoteRow('r1', 'Class', 'Tadpoles – Mia Shah', price)] : []), ...(surcharge ? [quoteRow('r2', 'Credit Card Surcharge', 'Credit Card Surcharge', surcharge)] : [])],
          priceCents: price,
          surchargeCents: surcharge,
          paymentOptions,
          stripePublishableKey,
        }),
      );
    }),
  );
  return asked;
}

interface Sent {
  key: string;
  body: RegistrationSubmission;
}

/** Every registration sent with its Idempotency-Key, answered in turn by `answers` (the last one repeats). */
function serveRegister(...answers: (() => HttpResponse<RegistrationAnswer | ApiError>)[]) {
  const sent: Sent[] = [];
  server.use(
    http.post<never, RegistrationSubmission, RegistrationAnswer | ApiError>('/api/ocr/register', async ({ request }) => {
      sent.push({ key: request.headers.get('Idempotency-Key') ?? '', body: await request.json() });
      return answers[Math.min(sent.length, answers.length) - 1]!();
    }),
  );
  return sent;
}

/** Cards tokenised at the registration's gateway route: each gets a new token. */
function serveTokens() {
  const asked: z.input<typeof registrationCardTokenRequestSchema>[] = [];
  server.use(
    http.post<never, z.input<typeof registrationCardTokenRequestSchema>, GatewayToken>('/sim-gateway/v1/registration-tokens', async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json({ id: `tok_test${String(asked.length).padStart(6, '0')}`, card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 } });
    }),
  );
  return asked;
}

const payment = (change: Partial<PaymentAnswer> = {}): PaymentAnswer => ({
  PaymentID: 7,
  status: 'completed',
  amountCents: 10_150,
  currencySymbol: '$',
  processor: 'simulated',
  reference: 'ch_ref',
  invoiceNos: ['INV-2001'],
  receiptNo: 'R-3001',
  card: null,
  items: [],
  challenge: null,
  holdExpiresAt: null,
  ...change,
});
const completed =
  (p: PaymentAnswer | null = payment()) =>
  () =>
    HttpResponse.json<RegistrationAnswer>({
      success: true,
      payment: p,
      user: { ClientID: 55, FirstName: 'Priya', LastName: 'Shah', total_barcodes: 0 },
      actions: [{ id: 1, type: 'ChangePassword', agreement_id: null, student_id: null }],
    });

/** The browser's (or the phone's) Back. */
function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

/** The flow in a tab whose history is `entries`, on the last of them. */
function renderFlow(profile = classesProfile(), shown = config, entries: InitialEntry[] = ['/ocr?id=1001&p=1']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, shown);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries}>
        <RegistrationFlow config={shown} profile={profile} panel={null} renderStudentUpdate={() => null} />
        <BrowserBack />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const click = (name: string | RegExp) => fireEvent.click(button(name));
const yourClasses = () => screen.queryByRole('list', { name: 'Your classes' });

/** On the checkout with Mia in Tadpoles (or the classes given), the agreement ticked (its answers are kept in memory only). */
async function atCheckout(classes: Partial<RegistrationState> = { classes: [chosen(tadpoles)], studentClasses: [[101]] }, shown = config) {
  resumeAt({ page: 'agreements', proof: verified, customer, students: [{ FirstName: 'Mia', LastName: 'Shah' }], ...classes });
  renderFlow(classesProfile(), shown);
  expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
  fireEvent.click(screen.getByLabelText('I agree to the Terms and conditions'));
  click('Next');
  expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
}

/** Reloaded on the checkout with Mia in Tadpoles, the tab's history as the reload finds it: each page of the registration an entry, the checkout the last. */
function reloadedAtCheckout() {
  serveForms();
  serveQuote();
  resumeAt({ page: 'checkout', proof: verified, customer, students: [{ FirstName: 'Mia', LastName: 'Shah' }], classes: [chosen(tadpoles)], studentClasses: [[101]] });
  const entry = (registrationPage: string) => ({ pathname: '/ocr', search: '?id=1001&p=1', state: { registrationPage } });
  renderFlow(classesProfile(), config, [entry('viewCustomer'), entry('agreements'), entry('checkout')]);
}

async function fillCard(number = '4242424242424242') {
  const form = await screen.findByRole('form', { name: 'Card details' });
  fireEvent.change(within(form).getByLabelText('Name on card'), { target: { value: 'Priya Shah' } });
  fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(within(form).getByLabelText('Expiry (MM/YYYY)'), { target: { value: '12/2030' } });
  fireEvent.change(within(form).getByLabelText('Security code'), { target: { value: '123' } });
}

describe('Back goes back a step (issue 25, 6)', () => {
  it('the browser’s Back returns to the page before, not out of the registration, and Back again to the one before that', async () => {
    serveForms();
    serveSearch([tadpoles]);
    renderFlow(classesProfile({ AllowCasualEnrolments: false }));
    click('Get Started');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Classes' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Add class: Tadpoles' }));
    click('Next');
    expect(await screen.findByRole('heading', { level: 1, name: /Swimmer/ })).toBeTruthy();
    expect(stored().page).toBe('addStudent');

    click('Browser back');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Classes' })).toBeTruthy();
    expect(within(yourClasses()!).getByText('Tadpoles')).toBeTruthy();
    expect(stored().page).toBe('addClasses');
    click('Browser back');
    expect(await screen.findByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(stored().page).toBe('titlePage');
  });
});

/** What the steps of a family signed in part-way ask: no sign-in actions, Mia, no places or waitlist yet, a card. */
function serveSignedInFamily() {
  server.use(
    http.post('/api/customer/ocr-sign-in-actions', () => HttpResponse.json({ success: true, actions: [] })),
    http.get('/api/classes/get-students', () => HttpResponse.json({ students: [{ StudentID: 11, FirstName: 'Mia', LastName: 'Shah', DOB: null, Age: null, ClassIDs: [] }] })),
    http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json({ entries: [] })),
    http.get('/api/customer/get-payment-details', () =>
      HttpResponse.json({ PaymentType: 'CreditCardPayments', offersCard: true, offersBank: false, bankFormat: 'AU', card: null, instalmentsOnCard: false, bank: null }),
    ),
  );
}

describe('signing in part-way through (N12)', () => {
  it('a family that signs in on the customer form keeps the classes it chose and puts its own swimmers into them', async () => {
    serveForms();
    serveSearch([tadpoles]);
    serveSignedInFamily();
    resumeAt({ page: 'studentsList', classes: [chosen(tadpoles)], students: [{ FirstName: 'Mia', LastName: 'Shah' }], studentClasses: [[101]] });
    const client = renderFlow();
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Your Details|Customer/ })).toBeTruthy();
    // Until then the new family’s draft is kept for a reload.
    expect(stored().classes).toHaveLength(1);

    const priya = { ClientID: 55, FirstName: 'Priya', LastName: 'Shah', total_barcodes: 0 };
    act(() => resetIdentity(client, { user: priya, company: 'keep' }));
    const group = await screen.findByRole('group', { name: 'Classes for Mia Shah' });
    // The new family’s draft is no longer the family’s to resume: the tab keeps the classes chosen and nothing else.
    expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toEqual({ classes: [chosen(tadpoles)] });
    fireEvent.click(within(group).getByRole('checkbox', { name: /Tadpoles/ }));
    click('Change classes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Classes' })).toBeTruthy();
    expect(within(yourClasses()!).getByText('Tadpoles')).toBeTruthy();
    // Moving on through the family’s own steps (the browser’s Back included) writes no draft again.
    click('Browser back');
    expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toEqual({ classes: [chosen(tadpoles)] });

    // Reloaded before booking, the page offers the family’s swimmers the classes chosen again.
    cleanup();
    act(() => resetIdentity(renderFlow(), { user: priya, company: 'keep' }));
    const again = await screen.findByRole('group', { name: 'Classes for Mia Shah' });
    expect(within(again).getByRole('checkbox', { name: /Tadpoles/ })).toBeTruthy();
    expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toEqual({ classes: [chosen(tadpoles)] });
  });

  it('the classes a signed-in family changes are the ones a reload brings back: none once it removes them', async () => {
    serveForms();
    serveSearch([tadpoles]);
    serveSignedInFamily();
    resumeAt({ page: 'studentsList', classes: [chosen(tadpoles)], students: [{ FirstName: 'Mia', LastName: 'Shah' }], studentClasses: [[101]] });
    const client = renderFlow();
    act(() => resetIdentity(client, { user: { ClientID: 55, FirstName: 'Priya', LastName: 'Shah', total_barcodes: 0 }, company: 'keep' }));
    await screen.findByRole('group', { name: 'Classes for Mia Shah' });
    click('Change classes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Classes' })).toBeTruthy();
    click('Remove Tadpoles');
    // Before, the tab still held Tadpoles: a reload brought back a class the family had removed.
    await waitFor(() => expect(window.sessionStorage.getItem(KEY)).toBeNull());
    click('Add class: Tadpoles');
    await waitFor(() => expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toEqual({ classes: [expect.objectContaining({ ClassID: 101 })] }));
  });
});

describe('the link reopened after Registration complete, the password not set yet', () => {
  it('leads to the sign-in page’s steps instead of starting again, and asks nothing the server refuses meanwhile', async () => {
    serveForms();
    serveSearch([tadpoles]);
    const refused: string[] = [];
    const refuse = ({ request }: { request: Request }) => {
      refused.push(new URL(request.url).pathname);
      return HttpResponse.json<ApiError>({ code: 'SIGN_IN_ACTIONS_PENDING', message: 'Please complete the steps on the sign-in page first.' }, { status: 403 });
    };
    server.use(http.get('/api/classes/get-students', refuse), http.get('/api/classes/get-waitlist', refuse), http.get('/api/customer/get-payment-details', refuse));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    client.setQueryData(companyConfigQueryOptions.queryKey, config);
    resetIdentity(client, { user: { ClientID: 55, FirstName: 'Priya', LastName: 'Shah', total_barcodes: 0 }, company: 'keep' });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/ocr?id=1001&p=1']}>
          <RegistrationFlow
            config={config}
            profile={classesProfile()}
            panel={null}
            renderStudentUpdate={() => null}
            signInActions={[{ id: 1, type: 'ChangePassword', agreement_id: null, student_id: null }]}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Set your password' })).toBeTruthy();
    expect(screen.getByText('You are signed in as Priya.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set your password' }).getAttribute('href')).toBe('/hub/sign-in-actions');
    // On a shared tablet the next family is told how to start its own.
    expect(screen.getByText('Not Priya? To register another family, sign out first and open this page again.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Choose Classes' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(refused).toEqual([]);
  });
});

describe('the class step (N5, N8)', () => {
  it('adds a class for the term, joins a full class as a waitlist place, removes one again; Next waits for a class', async () => {
    serveForms();
    const searches = serveSearch([tadpoles, dolphins]);
    resumeAt({ page: 'addClasses' });
    renderFlow(classesProfile({ AllowCasualEnrolments: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Classes' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Tadpoles' })).toBeTruthy();
    expect(searches[0]).toMatchObject({ ocr_profile_id: 1 });
    expect(button('Next').disabled).toBe(true);

    click('Add class: Tadpoles');
    expect(within(yourClasses()!).getByText('Tadpoles')).toBeTruthy();
    expect(within(yourClasses()!).getByText('Rest of the term')).toBeTruthy();
    // The button pressed gives way to "Added", which takes the focus where it was (the page stays put).
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Added to your classes: Tadpoles'));
    expect(screen.queryByRole('button', { name: 'Add class: Tadpoles' })).toBeNull();
    expect(button('Next').disabled).toBe(false);

    click('Join waitlist: Dolphins');
    expect(within(yourClasses()!).getByText('Dolphins')).toBeTruthy();
    expect(within(yourClasses()!).getByText('Waitlist')).toBeTruthy();
    expect(stored().classes.map((c) => [c.ClassID, c.waitlist])).toEqual([
      [101, false],
      [102, true],
    ]);

    click('Remove Tadpoles');
    expect(within(yourClasses()!).queryByText('Tadpoles')).toBeNull();
    expect(button('Add class: Tadpoles')).toBeTruthy();
    expect(stored().classes.map((c) => c.ClassID)).toEqual([102]);

    click('Remove Dolphins');
    expect(yourClasses()).toBeNull();
    expect(button('Next').disabled).toBe(true);
  });

  it('the results’ pager is named "Previous page" / "Next page": Next is the step’s own button only', async () => {
    serveForms();
    const searches = serveSearch([tadpoles], 2);
    resumeAt({ page: 'addClasses', classes: [chosen(tadpoles)] });
    renderFlow(classesProfile({ AllowCasualEnrolments: false }));
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(screen.getAllByRole('button', { name: 'Next' })).toHaveLength(1);
    expect(within(pages).queryByRole('button', { name: 'Next' })).toBeNull();
    expect((within(pages).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ page: 2 }));
    // The step's Next still goes on.
    click('Next');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Swimmer' })).toBeTruthy();
  });

  it('with AllowCasualEnrolments, one session can be chosen instead of the term', async () => {
    serveForms();
    serveSearch([tadpoles]);
    resumeAt({ page: 'addClasses' });
    renderFlow(classesProfile({ AllowCasualEnrolments: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add class: Tadpoles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add class' });
    fireEvent.click(within(dialog).getByLabelText('One session (casual)'));
    // Each date with its day, so a family choosing one knows which day of the week it is.
    expect(within(dialog).getByRole('option', { name: 'Mon 14/12/2026' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-12-14' } });
    expect(within(dialog).getByText('$30.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add class' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(yourClasses()!).getByText('One session: 14/12/2026')).toBeTruthy();
    // The dialog gone, the focus is on the class's "Added", where the button that opened it was.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Added to your classes: Tadpoles'));
    expect(stored().classes[0]).toMatchObject({ ClassID: 101, casual: true, dates: ['2026-12-14'], waitlist: false });
  });
});

/** On the students list with Mia and Leo, the classes chosen, and each one's classes as given. */
function atStudentsList(studentClasses: number[][], classes: ChosenClass[]) {
  serveForms();
  resumeAt({
    page: 'studentsList',
    students: [
      { FirstName: 'Mia', LastName: 'Shah' },
      { FirstName: 'Leo', LastName: 'Shah' },
    ],
    studentClasses,
    classes,
  });
  renderFlow();
}

describe('the students list with classes (N14, N16)', () => {
  it('a class whose places were read again as fewer than the swimmers put in it says so, and Next waits until they fit', async () => {
    atStudentsList([[101], [101]], [{ ...chosen(tadpoles), PlacesLeft: 1 }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Swimmers' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Tadpoles has 1 place left: choose it for no more than 1 swimmer.');
    expect(button('Next').disabled).toBe(true);
    expect(button('Next').getAttribute('aria-describedby')).toBe(screen.getByRole('status').id);
    fireEvent.click(within(screen.getByRole('group', { name: 'Classes for Leo Shah' })).getByRole('checkbox', { name: /Tadpoles/ }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a class chosen and put into no swimmer is said to be left out; Next goes on without it', async () => {
    atStudentsList([[101], [101]], [chosen(tadpoles), chosen(dolphins)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Swimmers' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(`No swimmer is put into ${dolphins.Name}, so it will not be booked.`);
    expect(button('Next').disabled).toBe(false);
  });

  it('shows nothing red before the family has chosen: a swimmer’s missing class is an error only once their choice was touched', async () => {
    atStudentsList([[], []], [chosen(tadpoles), chosen(dolphins)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Swimmers' })).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(screen.getByText('Choose a class for each swimmer to go on.')).toBeTruthy();
    expect(screen.queryByText('Choose at least one class.')).toBeNull();
    expect(document.querySelector('.text-danger:not(:empty)')).toBeNull();
    const mia = screen.getByRole('group', { name: 'Classes for Mia Shah' });
    const leo = screen.getByRole('group', { name: 'Classes for Leo Shah' });
    expect(mia.hasAttribute('aria-describedby')).toBe(false);

    // Mia's class ticked then taken off: hers is now an error; Leo, untouched, still shows none.
    fireEvent.click(within(mia).getByRole('checkbox', { name: /Tadpoles/ }));
    fireEvent.click(within(mia).getByRole('checkbox', { name: /Tadpoles/ }));
    expect(within(mia).getByText('Choose at least one class.')).toBeTruthy();
    expect(within(leo).queryByText('Choose at least one class.')).toBeNull();
  });

  it('Next is disabled while any swimmer has no class; removing a class takes it off every swimmer', async () => {
    atStudentsList([[], []], [chosen(tadpoles), chosen(dolphins)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Swimmers' })).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    const mia = screen.getByRole('group', { name: 'Classes for Mia Shah' });
    const leo = screen.getByRole('group', { name: 'Classes for Leo Shah' });
    fireEvent.click(within(mia).getByRole('checkbox', { name: /Tadpoles/ }));
    expect(button('Next').disabled).toBe(true);
    fireEvent.click(within(leo).getByRole('checkbox', { name: /Dolphins/ }));
    expect(button('Next').disabled).toBe(false);
    expect(stored().studentClasses).toEqual([[101], [102]]);

    // Taking Leo's only class away holds Next again.
    fireEvent.click(within(leo).getByRole('checkbox', { name: /Dolphins/ }));
    expect(button('Next').disabled).toBe(true);
    const missing = within(leo).getByText('Choose at least one class.');
    expect(leo.getAttribute('aria-describedby')).toBe(missing.id);
    expect(missing.getAttribute('aria-live')).toBe('polite');
    expect(mia.hasAttribute('aria-describedby')).toBe(false);

    // Removing Leo asks first; then Mia, with her class, is all that is left.
    click('Remove Leo Shah');
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to remove this student?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Leo Shah')).toBeNull());
    expect(button('Next').disabled).toBe(false);
    expect(stored().studentClasses).toEqual([[101]]);
  });

  it('brothers and sisters share a class: ticking it for Leo leaves it ticked for Mia', async () => {
    atStudentsList([[], []], [chosen(tadpoles)]);
    const mia = await screen.findByRole('group', { name: 'Classes for Mia Shah' });
    const leo = screen.getByRole('group', { name: 'Classes for Leo Shah' });
    fireEvent.click(within(mia).getByRole('checkbox', { name: /Tadpoles/ }));
    fireEvent.click(within(leo).getByRole('checkbox', { name: /Tadpoles/ }));
    expect((within(mia).getByRole('checkbox', { name: /Tadpoles/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(leo).getByRole('checkbox', { name: /Tadpoles/ }) as HTMLInputElement).checked).toBe(true);
    expect(stored().studentClasses).toEqual([[101], [101]]);
    expect(button('Next').disabled).toBe(false);
    // Taking it off one swimmer leaves the other's.
    fireEvent.click(within(mia).getByRole('checkbox', { name: /Tadpoles/ }));
    expect(stored().studentClasses).toEqual([[], [101]]);
  });

  it('a class with one place left takes one swimmer only', async () => {
    atStudentsList([[101], []], [chosen({ ...tadpoles, PlacesLeft: 1 })]);
    const leo = await screen.findByRole('group', { name: 'Classes for Leo Shah' });
    expect((within(leo).getByRole('checkbox', { name: /Tadpoles/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(leo).getByText('No places left for another swimmer')).toBeTruthy();
  });
});

describe('a class outside a swimmer’s ages (decision 118)', () => {
  const year = new Date().getFullYear();
  // For ages 7 to 12; Mia, born on New Year’s Day, is 4 all year.
  const sharks = chosen(classSummary({ ClassID: 103, Name: 'Sharks', MinAge: 7, MaxAge: 12 }), { MinAge: 7, MaxAge: 12 });
  function atList(studentClasses: number[][]) {
    serveForms(true);
    resumeAt({ page: 'studentsList', proof: verified, customer, students: [{ FirstName: 'Mia', LastName: 'Shah', DOB: `${year - 4}-01-01` }], studentClasses, classes: [chosen(tadpoles), sharks] });
    renderFlow();
  }
  const sharksFor = (group: HTMLElement) => within(group).getByRole('checkbox', { name: /Sharks/ }) as HTMLInputElement;

  it('is not offered to the swimmer, and says why; the date of birth put right on Edit, it can be chosen, nothing else lost', async () => {
    atList([[101]]);
    const mia = await screen.findByRole('group', { name: 'Classes for Mia Shah' });
    expect([sharksFor(mia).disabled, sharksFor(mia).checked]).toEqual([true, false]);
    expect(within(mia).getByText('For ages 7 to 12: Mia is 4')).toBeTruthy();
    expect((within(mia).getByRole('checkbox', { name: /Tadpoles/ }) as HTMLInputElement).checked).toBe(true);

    click('Edit Mia Shah');
    fireEvent.change(await screen.findByLabelText('Date of birth: Year'), { target: { value: String(year - 8) } });
    click('Save');
    const again = await screen.findByRole('group', { name: 'Classes for Mia Shah' });
    expect(within(again).queryByText(/For ages/)).toBeNull();
    fireEvent.click(sharksFor(again));
    expect(stored().studentClasses).toEqual([[101, 103]]);
    expect(button('Next').disabled).toBe(false);
  });

  it('chosen before the date of birth said otherwise: Next waits, in the server’s words, until the class or the date is put right', async () => {
    atList([[101, 103]]);
    const mia = await screen.findByRole('group', { name: 'Classes for Mia Shah' });
    const why = screen.getByRole('status');
    expect(why.textContent).toBe('Mia Shah is 4; Sharks is for ages 7 to 12.');
    expect(button('Next').disabled).toBe(true);
    expect(button('Next').getAttribute('aria-describedby')).toBe(why.id);
    // Still ticked, so it can be taken off.
    expect([sharksFor(mia).disabled, sharksFor(mia).checked]).toEqual([false, true]);
    fireEvent.click(sharksFor(mia));
    // Taken off, it is chosen for no one now: said, and Next goes on without it.
    expect(screen.getByRole('status').textContent).toBe('No swimmer is put into Sharks, so it will not be booked.');
    expect(button('Next').disabled).toBe(false);
    expect(stored().studentClasses).toEqual([[101]]);
    expect(stored().students[0]).toMatchObject({ FirstName: 'Mia', DOB: `${year - 4}-01-01` });
  });
});

describe('the checkout (N27, N28, N30, N31)', () => {
  it('N30: the agreements go on to the checkout, which prices the classes chosen for each swimmer, each named', async () => {
    serveForms();
    const asked = serveQuote();
    const sent = serveRegister(completed());
    await atCheckout();
    await waitFor(() => expect(screen.getByTestId('amount-to-pay').textContent).toBe('$101.50'));
    expect(asked[0]).toEqual({
      profile: 1,
      classes: [{ student: 0, ClassID: 101, casual: false, dates: [], waitlist: false }],
      direct_debit_payment: false,
      students: ['Mia Shah'],
      dates_of_birth: [null],
    });
    expect(sent).toHaveLength(0);
  });

  it('decision 118: the quote is told each swimmer’s date of birth, so the server refuses a class outside their ages before holding it', async () => {
    serveForms();
    const asked = serveQuote();
    await atCheckout({ classes: [chosen(tadpoles)], students: [{ FirstName: 'Mia', LastName: 'Shah', DOB: '2019-06-01' }], studentClasses: [[101]] });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({ students: ['Mia Shah'], dates_of_birth: ['2019-06-01'] });
  });

  it('N27: where card and direct debit are both offered, paying without choosing asks for an option and sends nothing', async () => {
    serveForms();
    serveQuote();
    const sent = serveRegister(completed());
    await atCheckout();
    const options = await screen.findByRole('group', { name: 'Payment option' });
    expect(within(options).getByRole('radio', { name: 'Credit/Debit Card' }).getAttribute('value')).toBe('credit_card');
    expect(within(options).getByRole('radio', { name: 'Direct Debit' }).getAttribute('value')).toBe('direct_debit');
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();
    click('Pay $101.50');
    const card = within(options).getByRole('radio', { name: 'Credit/Debit Card' });
    await waitFor(() => expect(options.hasAttribute('data-invalid')).toBe(true));
    expect(document.activeElement).toBe(card);
    expect(within(options).getByText('Please select an option').className).toContain('text-danger');
    expect(card.getAttribute('aria-describedby')).toBe(within(options).getByText('Please select an option').id);
    expect(sent).toHaveLength(0);
    fireEvent.click(card);
    expect(await screen.findByRole('form', { name: 'Card details' })).toBeTruthy();
    expect(within(options).queryByText('Please select an option')).toBeNull();
  });

  it('with one option offered, no choice is asked for', async () => {
    serveForms();
    serveQuote(['credit_card']);
    serveRegister(completed());
    await atCheckout();
    expect(await screen.findByRole('form', { name: 'Card details' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Payment option' })).toBeNull();
  });

  it('N28 (Direct Debit drops the card surcharge: the classes are priced again without it): the bank form replaces the card, and the bank details are sent', async () => {
    serveForms();
    const asked = serveQuote();
    const sent = serveRegister(completed(payment({ processor: 'direct_debit', amountCents: 10_000, receiptNo: null })));
    await atCheckout();
    fireEvent.click(await screen.findByRole('radio', { name: 'Credit/Debit Card' }));
    expect(await screen.findByRole('form', { name: 'Card details' })).toBeTruthy();
    const surcharge = () => screen.queryByText(/^Credit Card Surcharge/);
    expect(surcharge()).not.toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Direct Debit' }));
    await waitFor(() => expect(screen.getByTestId('amount-to-pay').textContent).toBe('$100.00'));
    expect(asked.at(-1)).toMatchObject({ direct_debit_payment: true });
    expect(surcharge()).toBeNull();
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();
    const bank = screen.getByRole('form', { name: 'Bank details' });
    fireEvent.change(within(bank).getByLabelText('Account name'), { target: { value: 'Priya Shah' } });
    fireEvent.change(within(bank).getByLabelText('BSB'), { target: { value: '062-000' } });
    fireEvent.change(within(bank).getByLabelText('Account number'), { target: { value: '12345678' } });
    click('Pay $100.00 by direct debit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ direct_debit_payment: true, bank: { AccountName: 'Priya Shah', BankCode: '062000', AccountNumber: '12345678' }, classes: [{ student: 0, ClassID: 101 }] });
    expect(sent[0]!.body.cardToken).toBeUndefined();
    expect(screen.getByText('$100.00 will be collected from your bank account by direct debit.')).toBeTruthy();
  });

  it('a card with a challenge step: Approve at the registration’s challenge route, then the same submission again under the same key; the last page shows what was enrolled', async () => {
    serveForms();
    serveQuote(['credit_card']);
    const tokens = serveTokens();
    const decisions: { id: string; token: string | null; approve: boolean }[] = [];
    server.use(
      http.post<{ id: string }, { approve: boolean }, GatewayChallenge>('/sim-gateway/v1/registration-challenges/:id', async ({ request, params }) => {
        decisions.push({ id: params.id, token: request.headers.get(REGISTRATION_TOKEN_HEADER), approve: (await request.json()).approve });
        return HttpResponse.json({ id: params.id, amountCents: 10_150, currency: 'AUD', status: 'approved' });
      }),
    );
    const asking = () =>
      HttpResponse.json<RegistrationAnswer>({
        success: true,
        payment: payment({ status: 'requires_action', challenge: { id: 'ch_abcdefgh12', amountCents: 10_150 }, invoiceNos: [], receiptNo: null }),
      });
    const sent = serveRegister(asking, completed());
    await atCheckout();
    await fillCard();
    click('Pay $101.50');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(within(dialog).getByText('Your bank asks you to confirm this payment of $101.50.')).toBeTruthy();
    expect(tokens).toEqual([expect.objectContaining({ number: '4242424242424242', exp_month: 12, exp_year: 2030, registration_token: TOKEN })]);
    expect(sent[0]!.body.cardToken).toBe('tok_test000001');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(decisions).toEqual([{ id: 'ch_abcdefgh12', token: TOKEN, approve: true }]);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.body).toEqual(sent[0]!.body);
    expect(tokens).toHaveLength(1);

    const mia = screen.getByRole('list', { name: 'Classes for Mia Shah' });
    expect(within(mia).getByText('Tadpoles')).toBeTruthy();
    expect(screen.getByText('INV-2001')).toBeTruthy();
    expect(screen.getByText('R-3001')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set your password' }).getAttribute('href')).toBe('/hub/sign-in-actions');
    // A finished registration keeps nothing of the form in the tab.
    expect(window.sessionStorage.getItem(KEY)).toBeNull();

    // Issue 25 (6): reloading the last page shows it again, with its invoice and receipt.
    cleanup();
    renderFlow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(screen.getByText('INV-2001')).toBeTruthy();
    expect(screen.getByText('R-3001')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Classes for Mia Shah' })).getByText('Tadpoles')).toBeTruthy();
  });

  it('decision 103: a company on Stripe: the Payment Element takes the card, its payment method becomes the registration’s card, Stripe.js takes the 3-D Secure step, and the same submission completes', async () => {
    stripeJs.reset();
    serveForms();
    serveQuote(['credit_card'], undefined, 'pk_test_splash');
    const cards: { token: string | null; body: unknown }[] = [];
    server.use(
      http.post<never, never, GatewayToken>('/api/ocr/card', async ({ request }) => {
        cards.push({ token: request.headers.get(REGISTRATION_TOKEN_HEADER), body: await request.json() });
        return HttpResponse.json({ id: stripeJs.paymentMethod, card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 } });
      }),
    );
    const asking = () =>
      HttpResponse.json<RegistrationAnswer>({
        success: true,
        payment: payment({ processor: 'stripe', status: 'requires_action', challenge: { id: 'pi_5_secret_y', amountCents: 10_150 }, invoiceNos: [], receiptNo: null }),
      });
    const sent = serveRegister(asking, completed());
    await atCheckout(undefined, { ...config, fin_setup: { ...config.fin_setup, Currency: 'AUD' } });
    const pay = await screen.findByRole('button', { name: 'Pay $101.50' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    fireEvent.click(pay);
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_splash');
    expect(cards).toEqual([{ token: TOKEN, body: { payment_method: stripeJs.paymentMethod } }]);
    expect(stripeJs.argsOf('stripe.handleNextAction')?.[0]).toEqual({ clientSecret: 'pi_5_secret_y' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]!.body.cardToken).toBe(stripeJs.paymentMethod);
  });

  it('E9: a medical condition typed for a child joins the company’s list at the server; once registered, the portal reads the list again to offer it', async () => {
    const withCustom = registrationTestConfig({ ...config, ocr_config: { CanSelectCustomMedicalCondition: true, DefaultState: '' } });
    serveForms(false, true);
    serveQuote(['credit_card']);
    serveTokens();
    const listed = { ...withCustom, lists: { ...withCustom.lists, medical_conditions: [{ FieldValueID: 31, DisplayName: 'Hay fever', OCRFieldValueID: null }] } };
    let configAsked = 0;
    server.use(
      http.get('/api/company/get-config', () => {
        configAsked += 1;
        return HttpResponse.json(listed);
      }),
    );
    const sent = serveRegister(completed());
    resumeAt({
      page: 'agreements',
      proof: verified,
      customer,
      students: [{ FirstName: 'Mia', LastName: 'Shah', AdditionalMedicalConditions: 'Hay fever' }],
      classes: [chosen(tadpoles)],
      studentClasses: [[101]],
    });
    const client = renderFlow(classesProfile(), withCustom);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I agree to the Terms and conditions'));
    click('Next');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    await fillCard();
    click('Pay $101.50');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(sent[0]!.body.students[0]).toMatchObject({ AdditionalMedicalConditions: 'Hay fever' });
    // The list the portal's student forms offer is read again, with the condition in it.
    await waitFor(() => expect(configAsked).toBe(1));
    await waitFor(() => expect(client.getQueryData(companyConfigQueryOptions.queryKey)!.lists.medical_conditions.map((c) => c.DisplayName)).toEqual(['Hay fever']));
  });

  it('a declined card shows the server’s message; another card is tokenised and sent as a new attempt under a new key', async () => {
    serveForms();
    serveQuote(['credit_card']);
    serveTokens();
    const declined = 'Your card was declined. Please try another card.';
    const sent = serveRegister(() => HttpResponse.json<ApiError>({ message: declined, code: 'card_declined' }, { status: 402 }), completed());
    await atCheckout();
    await fillCard();
    click('Pay $101.50');
    expect(await screen.findByText(declined)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(window.sessionStorage.getItem(KEY)).not.toBeNull();

    await fillCard('5555555555554444');
    click('Pay $101.50');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(sent[1]!.body.cardToken).toBe('tok_test000002');
  });

  it('a class that filled up meanwhile (409) shows the server’s message and lets the family go back', async () => {
    serveForms();
    serveQuote(['credit_card']);
    serveTokens();
    const full = 'Tadpoles is now full. Please choose another class.';
    serveRegister(() => HttpResponse.json<ApiError>({ message: full, code: 'CLASS_FULL' }, { status: 409 }));
    await atCheckout();
    await fillCard();
    click('Pay $101.50');
    expect(await screen.findByText(full)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Back' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
  });

  it('a class full at Pay offers to choose other classes, which opens the class step with the classes chosen, the full one marked', async () => {
    serveForms();
    serveQuote(['credit_card']);
    serveTokens();
    // The search, read again, shows the class full.
    serveSearch([{ ...tadpoles, PlacesLeft: 0, IsFull: true }]);
    const full = 'Tadpoles is now full. Please choose another class.';
    serveRegister(() => HttpResponse.json<ApiError>({ message: full, code: 'CLASS_FULL' }, { status: 409 }));
    await atCheckout();
    expect(screen.queryByRole('button', { name: 'Choose other classes' })).toBeNull();
    await fillCard();
    click('Pay $101.50');
    expect(await screen.findByText(full)).toBeTruthy();
    click('Choose other classes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Classes' })).toBeTruthy();
    expect(screen.queryByText(full)).toBeNull();
    const mine = screen.getByRole('list', { name: 'Your classes' });
    expect(within(mine).getByText(/Tadpoles/)).toBeTruthy();
    expect(await within(mine).findByText('Full now')).toBeTruthy();
    click('Join waitlist instead: Tadpoles');
    expect(within(mine).getByText('Waitlist')).toBeTruthy();
    // The button went with the mark: the focus stays on the class's row.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Remove Tadpoles'));
    // The places read again are kept with the choice (none now).
    expect(stored().classes).toEqual([{ ...chosen(tadpoles), PlacesLeft: 0, waitlist: true }]);
    expect(stored().studentClasses).toEqual([[101]]);
  });

  it('decision 109: the checkout step holds the places for the registration it names, counts down, and says when the hold ran out, with Hold again', async () => {
    serveForms();
    const tokens: (string | null)[] = [];
    let until = Date.now() + 1_500;
    server.use(
      http.post('/api/ocr/quote', ({ request }) => {
        tokens.push(request.headers.get(REGISTRATION_TOKEN_HEADER));
        const heldUntil = new Date(until).toISOString();
        return HttpResponse.json<RegistrationQuoteAnswer>({
          ...registrationQuote({ rows: [quoteRow('r1', 'Class', 'Tadpoles – Mia Shah', 10_000)], priceCents: 10_000, surchargeCents: 0, paymentOptions: ['credit_card'] }),
          holds: [{ ClassID: 101, heldUntil }],
        });
      }),
    );
    await atCheckout();
    expect(await screen.findByRole('heading', { name: /^Held for you until / })).toBeTruthy();
    expect(screen.getByText('Your places are kept for you while you pay.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^[12] s$/);
    expect(tokens).toEqual([TOKEN]);
    // Kept with the registration: back on the class step this place is the family's.
    await waitFor(() => expect(stored().held).toEqual([{ ClassID: 101, heldUntil: new Date(until).toISOString() }]));
    expect(stored().heldFor).toBe(TOKEN);

    // The hold runs out: said, with the class, and Hold again asks for it afresh.
    const lapsed = await screen.findByRole('heading', { name: 'No longer held for you' }, { timeout: 4_000 });
    const region = lapsed.closest('section')!;
    expect(within(region).getByText('Tadpoles – Mia Shah')).toBeTruthy();
    until = Date.now() + 600_000;
    fireEvent.click(within(region).getByRole('button', { name: 'Hold again' }));
    expect(await screen.findByRole('heading', { name: /^Held for you until / })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No longer held for you' })).toBeNull();
    expect(tokens).toEqual([TOKEN, TOKEN]);
  });

  it('decision 109: after a declined card the places are held on from the checkout: the quote is asked again and shows until when', async () => {
    serveForms();
    serveTokens();
    const asked: string[] = [];
    let until = Date.now() + 90_000;
    server.use(
      http.post('/api/ocr/quote', () => {
        asked.push(new Date(until).toISOString());
        return HttpResponse.json<RegistrationQuoteAnswer>({
          ...registrationQuote({ rows: [quoteRow('r1', 'Class', 'Tadpoles – Mia Shah', 10_000)], priceCents: 10_000, surchargeCents: 0, paymentOptions: ['credit_card'] }),
          holds: [{ ClassID: 101, heldUntil: new Date(until).toISOString() }],
        });
      }),
    );
    const declined = 'Your card was declined. Please try another card.';
    serveRegister(() => HttpResponse.json<ApiError>({ message: declined, code: 'card_declined' }, { status: 402 }));
    await atCheckout();
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/^1 min [23]\d s$/));
    // The checkout held the place on for its own ten minutes before the card was declined.
    until = Date.now() + 600_000;
    await fillCard();
    click('Pay $100.00');
    expect(await screen.findByText(declined)).toBeTruthy();
    await waitFor(() => expect(asked).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/^(10 min|9 min( \d{1,2} s)?)$/));
  });

  it('Hold again that fails says why in the lapsed panel and keeps the total; pressed again, it holds', async () => {
    serveForms();
    let until = Date.now() + 1_500;
    const quote = serveQuoteThatMayFail(() => until);
    await atCheckout();
    const lapsed = (await screen.findByRole('heading', { name: 'No longer held for you' }, { timeout: 4_000 })).closest('section')!;
    quote.failing = true;
    fireEvent.click(within(lapsed).getByRole('button', { name: 'Hold again' }));
    expect(await within(lapsed).findByText('The service is briefly unavailable. Please try again in a moment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $100.00' })).toBeTruthy();
    quote.failing = false;
    until = Date.now() + 600_000;
    fireEvent.click(within(lapsed).getByRole('button', { name: 'Hold again' }));
    expect(await screen.findByRole('heading', { name: /^Held for you until / })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No longer held for you' })).toBeNull();
  });

  it('after a declined card, a quote asked again that fails keeps the total and the card form, says so where the hold was, and asks again', async () => {
    serveForms();
    serveTokens();
    const quote = serveQuoteThatMayFail(() => Date.now() + 600_000);
    const declined = 'Your card was declined. Please try another card.';
    serveRegister(() => HttpResponse.json<ApiError>({ message: declined, code: 'card_declined' }, { status: 402 }));
    await atCheckout();
    expect(await screen.findByRole('timer')).toBeTruthy();
    quote.failing = true;
    await fillCard();
    click('Pay $100.00');
    expect(await screen.findByText(declined)).toBeTruthy();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('The service is briefly unavailable. Please try again in a moment.')).toBeTruthy();
    // The family can still read its total and pay with another card; the hold's older time is not shown.
    expect(screen.getByText('Tadpoles – Mia Shah')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $100.00' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    quote.failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('timer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('decision 109: of two places held, the one that runs out first is listed as no longer held; the other counts down on', async () => {
    serveForms();
    const seals = classSummary({ ClassID: 103, Name: 'Seals' });
    const soon = new Date(Date.now() + 1_500).toISOString();
    const later = new Date(Date.now() + 600_000).toISOString();
    server.use(
      http.post('/api/ocr/quote', () =>
        HttpResponse.json<RegistrationQuoteAnswer>({
          ...registrationQuote({ rows: [quoteRow('r1', 'Class', 'Tadpoles – Mia Shah', 10_000)], priceCents: 10_000, surchargeCents: 0, paymentOptions: ['credit_card'] }),
          holds: [
            { ClassID: 101, heldUntil: soon },
            { ClassID: 103, heldUntil: later },
          ],
        }),
      ),
    );
    await atCheckout({ classes: [chosen(tadpoles), chosen(seals)], studentClasses: [[101, 103]] });
    expect(await screen.findByRole('region', { name: /^Held for you until / })).toBeTruthy();
    const lapsed = await screen.findByRole('region', { name: 'No longer held for you' }, { timeout: 4_000 });
    expect(
      within(lapsed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tadpoles – Mia Shah']);
    const held = screen.getByRole('region', { name: /^Held for you until / });
    expect(held.textContent).toContain('Seals – Mia Shah: kept for you while you pay.');
    expect(within(held).getByRole('timer').textContent).toMatch(/^(10 min|9 min( \d{1,2} s)?)$/);
  });

  it('decision 109: back on the class step, a class the search counts full because this family holds its last place is not "Full now"', async () => {
    serveForms();
    serveSearch([{ ...tadpoles, PlacesLeft: 0, IsFull: true }]);
    const later = new Date(Date.now() + 600_000).toISOString();
    const earlier = new Date(Date.now() - 1_000).toISOString();
    // Held now for this registration; held once, but run out; held for the address proved before this one.
    for (const [held, heldFor, full] of [
      [later, TOKEN, false],
      [earlier, TOKEN, true],
      [later, 'an-earlier-registration', true],
    ] as const) {
      resumeAt({ page: 'addClasses', proof: verified, classes: [chosen(tadpoles, { PlacesLeft: 1 })], studentClasses: [], held: [{ ClassID: 101, heldUntil: held }], heldFor });
      renderFlow();
      await screen.findByTestId('class-result');
      const mine = screen.getByRole('list', { name: 'Your classes' });
      await waitFor(() => expect(stored().classes[0]!.PlacesLeft).toBe(full ? 0 : 1));
      expect(within(mine).queryByText('Full now') !== null).toBe(full);
      cleanup();
    }
  });

  it('a class full already when the checkout prices the classes: the same way back, and no "Try again" that would fail again', async () => {
    serveForms();
    serveSearch([tadpoles]);
    const full = 'Tadpoles is now full. Please choose another class.';
    server.use(http.post('/api/ocr/quote', () => HttpResponse.json<ApiError>({ message: full, code: 'CLASS_FULL' }, { status: 409 })));
    await atCheckout();
    expect(await screen.findByText(full)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    click('Choose other classes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Classes' })).toBeTruthy();
  });

  it('a swimmer half typed is kept for a reload, as the family’s details are (decision 048)', async () => {
    serveForms();
    resumeAt({ page: 'addStudent', proof: verified, customer, classes: [chosen(tadpoles)], students: [], studentClasses: [] });
    renderFlow();
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Ava' } });
    await waitFor(() => expect(stored().studentDraft).toMatchObject({ FirstName: 'Ava' }));
    cleanup();
    renderFlow();
    // The reload finds the form as it was typed (it came back empty).
    expect(((await screen.findByLabelText(/^First name/)) as HTMLInputElement).value).toBe('Ava');
  });

  it('Back from the agreements signed again after a reload on the checkout goes to the page before them, not to the agreements again', async () => {
    reloadedAtCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
    await waitFor(() => expect(stored().page).toBe('agreements'));
    click('Browser back');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Details' })).toBeTruthy();
  });

  it('signed again after a reload on the checkout, Next goes to the checkout and Back to the agreements once', async () => {
    reloadedAtCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I agree to the Terms and conditions'));
    click('Next');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    click('Browser back');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
    click('Browser back');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Details' })).toBeTruthy();
  });

  it('a reload on the checkout signs the agreements again first: signatures are never kept in the tab', async () => {
    serveForms();
    serveQuote();
    resumeAt({ page: 'checkout', proof: verified, customer, students: [{ FirstName: 'Mia', LastName: 'Shah' }], classes: [chosen(tadpoles)], studentClasses: [[101]] });
    renderFlow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
  });
});

const refusal = (status: number, code: ApiError['code'], message: string) => () => HttpResponse.json<ApiError>({ message, code }, { status });

describe('the checkout’s payment options and totals (N27, N28)', () => {
  it('with Direct Debit the only option, the classes are priced for Direct Debit: no card surcharge is shown', async () => {
    serveForms();
    const asked = serveQuote(['direct_debit']);
    serveRegister(completed());
    await atCheckout();
    await waitFor(() => expect(screen.getByTestId('amount-to-pay').textContent).toBe('$100.00'));
    expect(asked.at(-1)).toMatchObject({ direct_debit_payment: true });
    expect(document.querySelector('[data-row-type="Credit Card Surcharge"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $100.00 by direct debit' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Payment option' })).toBeNull();
  });

  it('a class priced at nothing now on a Direct-Debit-only profile (fees billed later): the bank form is shown, and Submit sends it', async () => {
    serveForms();
    server.use(
      http.post('/api/ocr/quote', () =>
        HttpResponse.json<RegistrationQuoteAnswer>(
          registrationQuote({ rows: [quoteRow('r1', 'Class', 'Tadpoles – Mia Shah', 0)], priceCents: 0, surchargeCents: 0, paymentOptions: ['direct_debit'] }),
        ),
      ),
    );
    const sent = serveRegister(completed(payment({ processor: 'direct_debit', amountCents: 0, receiptNo: null })));
    await atCheckout();
    await waitFor(() => expect(screen.getByTestId('amount-to-pay').textContent).toBe('$0.00'));
    expect(screen.getByText('Nothing is charged now: your fees will be collected from this account by direct debit.')).toBeTruthy();
    const bank = screen.getByRole('form', { name: 'Bank details' });
    fireEvent.change(within(bank).getByLabelText('Account name'), { target: { value: 'Priya Shah' } });
    fireEvent.change(within(bank).getByLabelText('BSB'), { target: { value: '062-000' } });
    fireEvent.change(within(bank).getByLabelText('Account number'), { target: { value: '12345678' } });
    click('Submit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ direct_debit_payment: true, bank: { AccountName: 'Priya Shah', BankCode: '062000', AccountNumber: '12345678' } });
  });

  it('waitlist places only on a Direct-Debit-only profile: nothing to pay, so no payment option, bank or card is sent', async () => {
    serveForms();
    const asked = serveQuote(['direct_debit']);
    const sent = serveRegister(completed(null));
    await atCheckout({ classes: [chosen(dolphins)], studentClasses: [[102]] });
    // Nothing priced: no empty table of items at $0.00 (the walk read it as unfinished), and the step says Submit, not pay.
    expect(await screen.findByRole('heading', { name: 'Waitlist places' })).toBeTruthy();
    expect(screen.getByText('Check what you are registering for, then submit to complete your registration.')).toBeTruthy();
    expect(screen.queryByTestId('amount-to-pay')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Bank details' })).toBeNull();
    click('Submit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ direct_debit_payment: false, classes: [{ ClassID: 102, waitlist: true }] });
    expect(sent[0]!.body.bank).toBeUndefined();
    expect(sent[0]!.body.cardToken).toBeUndefined();
    expect(asked.every((q) => q.direct_debit_payment === false)).toBe(true);
  });

  it('while another payment option is priced, the earlier total is not shown and Pay waits for the new one', async () => {
    serveForms();
    let hold: Promise<void> | null = null;
    let release = () => {};
    serveQuote(['credit_card', 'direct_debit'], () => hold ?? Promise.resolve());
    serveRegister(completed());
    await atCheckout();
    await waitFor(() => expect(screen.getByTestId('amount-to-pay').textContent).toBe('$101.50'));

    hold = new Promise<void>((resolve) => (release = resolve));
    fireEvent.click(screen.getByRole('radio', { name: 'Direct Debit' }));
    expect(await screen.findByText('Updating your total')).toBeTruthy();
    expect(screen.queryByTestId('amount-to-pay')).toBeNull();
    expect(screen.queryByText('$101.50')).toBeNull();
    expect(button('Pay by direct debit').disabled).toBe(true);

    release();
    await waitFor(() => expect(screen.getByTestId('amount-to-pay').textContent).toBe('$100.00'));
    expect(button('Pay $100.00 by direct debit').disabled).toBe(false);
  });
});

describe('paying again (one attempt per Idempotency-Key)', () => {
  it('a submission whose answer was lost is asked again under its key by itself: the family sees its registration complete, no error', async () => {
    serveForms();
    serveQuote(['credit_card']);
    const tokens = serveTokens();
    const sent = serveRegister(() => HttpResponse.error() as HttpResponse<ApiError>, completed());
    await atCheckout();
    await fillCard();
    click('Pay $101.50');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' }, { timeout: 5_000 })).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(tokens).toHaveLength(1);
    expect(screen.queryByText(/could not confirm/)).toBeNull();
  });

  it.each([
    ['no answer came, asked three times (the connection is down)', [1, 2, 3].map(() => () => HttpResponse.error() as HttpResponse<ApiError>)],
    [
      'the payment is still being processed (PAYMENT_IN_PROGRESS)',
      [1, 2, 3].map(() => refusal(409, 'PAYMENT_IN_PROGRESS', 'This payment is still being processed. Please wait a moment and try again.')),
    ],
  ])(
    '%s: the page says so; Pay sends the same submission again under the same key, with the card’s token kept',
    async (_, failures) => {
      serveForms();
      serveQuote(['credit_card']);
      const tokens = serveTokens();
      const sent = serveRegister(...failures, completed());
      await atCheckout();
      await fillCard();
      click('Pay $101.50');
      await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/still being processed|you will not be charged twice/), { timeout: 6_000 });
      expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
      expect(sent).toHaveLength(3);

      click('Pay $101.50');
      expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
      expect(sent).toHaveLength(4);
      expect(new Set(sent.map((x) => x.key)).size).toBe(1);
      expect(sent.at(-1)!.body).toEqual(sent[0]!.body);
      expect(tokens).toHaveLength(1);
    },
    10_000,
  );

  it('a class full meanwhile ends the attempt: the same card goes again with its token, under a new key', async () => {
    serveForms();
    serveQuote(['credit_card']);
    const tokens = serveTokens();
    const sent = serveRegister(refusal(409, 'CLASS_FULL', 'Tadpoles is now full. Please choose another class.'), completed());
    await atCheckout();
    await fillCard();
    click('Pay $101.50');
    expect(await screen.findByText('Tadpoles is now full. Please choose another class.')).toBeTruthy();
    click('Pay $101.50');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(sent[1]!.body.cardToken).toBe(sent[0]!.body.cardToken);
    expect(tokens).toHaveLength(1);
  });

  it('a hold that runs out during the challenge step: the same submission is sent again under the same key, refused (HOLD_EXPIRED), and Pay then starts a new attempt', async () => {
    serveForms();
    serveQuote(['credit_card']);
    const tokens = serveTokens();
    const holdExpiresAt = new Date(Date.now() + 300).toISOString();
    const asking = () =>
      HttpResponse.json<RegistrationAnswer>({
        success: true,
        payment: payment({ status: 'requires_action', challenge: { id: 'ch_abcdefgh12', amountCents: 10_150 }, holdExpiresAt, invoiceNos: [], receiptNo: null }),
      });
    const sent = serveRegister(asking, refusal(409, 'HOLD_EXPIRED', HOLD_EXPIRED_MESSAGE), completed());
    await atCheckout();
    await fillCard();
    click('Pay $101.50');
    expect(await screen.findByRole('dialog', { name: 'Confirm your payment' })).toBeTruthy();

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual(sent[0]);
    expect(await screen.findByText(HOLD_EXPIRED_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    click('Pay $101.50');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
    expect(tokens).toHaveLength(1);
  });

  it('N29: a card tokenised after the registration expired (422 REGISTRATION_EXPIRED) sends the visitor back to prove the address again', async () => {
    serveForms();
    serveQuote(['credit_card']);
    server.use(http.post<never, never, ApiError>('/sim-gateway/v1/registration-tokens', () => HttpResponse.json({ message: rm.registrationExpired, code: 'REGISTRATION_EXPIRED' }, { status: 422 })));
    const sent = serveRegister(completed());
    await atCheckout();
    await fillCard();
    click('Pay $101.50');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Details' })).toBeTruthy();
    expect(screen.getByText(rm.registrationExpired)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Your email address' })).toBeTruthy();
    expect(stored().proof).toBeNull();
    expect(sent).toHaveLength(0);
  });
});

describe('N9: the student form is asked for only on the pages that need it, once', () => {
  /** Counts the student form's configuration being asked for (answered as serveForms answers it). */
  function countStudentForms() {
    const asked: string[] = [];
    server.use(
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(
          studentFormFieldsSchema.parse({
            fields: [
              { OCRFormFieldNameID: 15, State: 'Mandatory' },
              { OCRFormFieldNameID: 16, State: 'Mandatory' },
            ],
          }),
        );
      }),
    );
    return asked;
  }
  const mia = { students: [{ FirstName: 'Mia', LastName: 'Shah' }], classes: [chosen(tadpoles)], studentClasses: [[101]] };

  it('not on the title page, the class step or the customer form', async () => {
    serveForms();
    serveSearch([tadpoles]);
    const asked = countStudentForms();
    renderFlow();
    click('Get Started');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Classes' })).toBeTruthy();
    cleanup();
    resumeAt({ page: 'addCustomer', proof: verified, ...mia });
    renderFlow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Details' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toEqual([]);
  });

  it('on the students’ page, with the profile id, and not again on the pages after it', async () => {
    serveForms();
    const asked = countStudentForms();
    resumeAt({ page: 'studentsList', ...mia });
    renderFlow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Swimmers' })).toBeTruthy();
    expect(asked).toEqual(['?id=1']);
    click('Next');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Details' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Back' }).at(-1)!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Swimmers' })).toBeTruthy();
    expect(asked).toEqual(['?id=1']);
  });
});

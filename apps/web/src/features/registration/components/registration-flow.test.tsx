// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import type { ActiveAgreementsAnswer, Agreement } from '@portal/shared/agreement-schemas';
import type { ApiError } from '@portal/shared/api-schemas';
import type { LoginAnswer } from '@portal/shared/customer-schemas';
import { customerFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import type { GenerateRegIdAnswer } from '@portal/shared/my-details-schemas';
import {
  registrationMessages as rm,
  type ConfirmEmailAnswer,
  type RegistrationSubmission,
  type SendCodeAnswer,
  type VerifyCaptchaAnswer,
  type VerifyCodeAnswer,
  type verifyCaptchaRequestSchema,
  type verifyCodeRequestSchema,
} from '@portal/shared/registration-schemas';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { useSessionStore } from '@/lib/session-store';
import { useUiStore } from '@/lib/ui-store';
import { familyProfile, registrationTestConfig } from '@/test/registration-fixtures';
import { serveCaptchaChallenges } from '@/test/captcha';
import { server, installMockServer } from '@/test/msw';
import { registrationStorageKey, type RegistrationState } from '../lib/registration-state';
import { RegistrationFlow } from './registration-flow';

installMockServer();
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  useUiStore.setState({ modal: null });
  // The family a completed registration signed in is not the next test's visitor.
  useSessionStore.getState().setUser(null);
});
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

const config = registrationTestConfig();
const profile = familyProfile();
const terms: Agreement = {
  AgreementID: 1,
  Name: 'Terms and conditions',
  AgreementText: 'Lessons are charged per term.',
  RequiresSignature: false,
  Version: 1,
  pivot: { Required: true },
  Signed: null,
};
const KEY = registrationStorageKey(1001, 3);
const EMAIL = 'priya@example.com';
const TOKEN = 'registration-token-123';
const REG_ID = 'C123456';
const customer = { FirstName: 'Priya', LastName: 'Shah', RegID: REG_ID, Email: EMAIL };

/** The page the registration resumes on, as a reload would find it. */
function resumeAt(state: Partial<RegistrationState>) {
  window.sessionStorage.setItem(KEY, JSON.stringify({ page: 'titlePage', proof: null, students: [], editing: null, customer: null, marketing: null, agreed: {}, ...state }));
}
const verified = { email: EMAIL, token: TOKEN, message: rm.codeSent(EMAIL), verified: true };

function serveForm(generateRegId: () => Promise<string> = async () => REG_ID) {
  server.use(
    http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () =>
      HttpResponse.json(
        customerFormFieldsSchema.parse({
          fields: [
            { OCRFormFieldNameID: 1, State: 'Mandatory' },
            { OCRFormFieldNameID: 2, State: 'Mandatory' },
            { OCRFormFieldNameID: 4, State: 'Optional' },
            { OCRFormFieldNameID: 12, State: 'Mandatory' },
            { OCRFormFieldNameID: 14, State: 'Optional' },
          ],
        }),
      ),
    ),
    http.get<never, never, GenerateRegIdAnswer>('/api/customer/generate-reg-id', async () => HttpResponse.json({ success: true, reg_id: await generateRegId() })),
    http.get<never, never, ActiveAgreementsAnswer>('/api/customer/get-active-agreements', () => HttpResponse.json({ success: true, agreements: [terms] })),
  );
}

/** Every registration sent, answered by `answer`. */
function serveRegister(answer: () => HttpResponse<LoginAnswer | ApiError>) {
  const sent: RegistrationSubmission[] = [];
  server.use(
    http.post<never, RegistrationSubmission, LoginAnswer | ApiError>('/api/ocr/register', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

const refuse = (status: number, code: ApiError['code'], message: string) => () => HttpResponse.json<ApiError>({ message, code }, { status });

function serveProving() {
  server.use(
    http.post<never, { email: string }, ConfirmEmailAnswer>('/api/ocr/confirm-email', () => HttpResponse.json({ success: true, existing_client: false })),
    http.post<never, { email: string }, SendCodeAnswer>('/api/ocr/send-code', () => HttpResponse.json({ success: true, token: 'registration-token-456', message: rm.codeSent(EMAIL) })),
    http.post<never, z.input<typeof verifyCodeRequestSchema>, VerifyCodeAnswer>('/api/ocr/verify-code', () => HttpResponse.json({ success: true, verified: true, email: EMAIL })),
  );
}

function renderFlow(showCaptcha = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, config);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/ocr?id=1001&p=3']}>
        <RegistrationFlow config={config} profile={{ ...profile, ShowCAPTCHA: showCaptcha }} panel={null} renderStudentUpdate={() => null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const captchaBox = () => screen.findByRole<HTMLInputElement>('checkbox', { name: 'I’m not a robot' });
/** The texts an element's aria-describedby points at. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function atAgreements(showCaptcha = false) {
  resumeAt({ page: 'agreements', proof: verified, customer });
  renderFlow(showCaptcha);
  expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
  fireEvent.click(screen.getByLabelText('I agree to the Terms and conditions'));
}

/** The steps the title page lists, each by the heading its own page shows. */
const listedSteps = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('strong')?.textContent);

describe('RegistrationFlow', () => {
  it('N4: the title page lists the steps the family then goes through, in their order and by their headings', async () => {
    serveForm();
    renderFlow();
    expect(await screen.findByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(listedSteps()).toEqual(['Your Details', 'Customer Details', 'Agreements']);
    expect(
      screen
        .queryByText(/6-digit code/)
        ?.closest('li')
        ?.querySelector('strong')?.textContent,
    ).toBe('Your Details');
    click('Get Started');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Details' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    cleanup();
    resumeAt({ page: 'viewCustomer', proof: verified, customer });
    renderFlow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Details' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
  });

  it('N21: a Reg ID answered after the visitor began typing still fills the field, and the family is registered with it', async () => {
    let answer: ((id: string) => void) | null = null;
    serveForm(() => new Promise((resolve) => (answer = resolve)));
    const sent = serveRegister(refuse(500, 'SERVER_ERROR', 'Something went wrong'));
    resumeAt({ page: 'addCustomer', proof: verified });
    renderFlow();
    const form = await screen.findByRole('form', { name: 'Customer details' });
    await waitFor(() => expect(answer).not.toBeNull());
    fireEvent.change(within(form).getByRole('textbox', { name: 'First name' }), { target: { value: 'P' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Last name' }), { target: { value: 'Shah' } });
    answer!(REG_ID);
    await waitFor(() => expect((within(form).getByRole('textbox', { name: 'Registration ID' }) as HTMLInputElement).value).toBe(REG_ID));
    click('Next');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Details' })).toBeTruthy();
    click('Next');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I agree to the Terms and conditions'));
    click('Submit');
    await waitFor(() => expect(sent).toHaveLength(1));
    // E8, S27: an empty value is sent as "".
    expect(sent[0]!.customer).toMatchObject({ FirstName: 'P', RegID: REG_ID, Notes: '' });
    expect(JSON.stringify(sent[0]!.customer)).not.toContain('null');
  });

  it('N21: the Reg ID shows TBD until the address is proved, then the registration’s own, asked under its token', async () => {
    const asked: (string | null)[] = [];
    serveForm();
    serveProving();
    server.use(
      http.get<never, never, GenerateRegIdAnswer>('/api/customer/generate-reg-id', ({ request }) => {
        asked.push(request.headers.get('x-registration-token'));
        return HttpResponse.json({ success: true, reg_id: REG_ID });
      }),
    );
    resumeAt({ page: 'addCustomer' });
    renderFlow();
    const form = await screen.findByRole('form', { name: 'Customer details' });
    const regId = () => (within(form).getByRole('textbox', { name: 'Registration ID' }) as HTMLInputElement).value;
    expect(regId()).toBe('TBD');
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: EMAIL } });
    click('Send code');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code' }), { target: { value: '123456' } });
    click('Verify');
    expect(await screen.findByText('Email address verified')).toBeTruthy();
    await waitFor(() => expect(regId()).toBe(REG_ID));
    expect(asked).toEqual(['registration-token-456']);
  });

  it('a profile without classes ends on Registration complete, with the way on to Set Password', async () => {
    serveForm();
    const sent = serveRegister(() =>
      HttpResponse.json<LoginAnswer>({
        success: true,
        user: { ClientID: 55, FirstName: 'Priya', LastName: 'Shah', total_barcodes: 0 },
        actions: [{ id: 1, type: 'ChangePassword', agreement_id: null, student_id: null }],
      }),
    );
    await atAgreements();
    click('Submit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(screen.getByText('Thank you. Your account is ready.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set your password' }).getAttribute('href')).toBe('/hub/sign-in-actions');
    // Nothing was bought: no payment and no classes are mentioned.
    expect(screen.queryByText('Nothing was charged.')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    // A reload shows it again.
    cleanup();
    renderFlow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Registration complete' })).toBeTruthy();
  });

  it('N22: Next with a code sent but not verified says so at the code box and moves focus there; nothing else is flagged', async () => {
    serveForm();
    resumeAt({ page: 'addCustomer', proof: { ...verified, verified: false }, customer });
    renderFlow();
    const code = await screen.findByRole('textbox', { name: 'Code' });
    click('Next');
    await waitFor(() => expect(description(code)).toContain('Please verify your email address first'));
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Please check the highlighted fields.')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Details' })).toBeTruthy();
  });

  it('S2, N22: Next with no address typed says the address is required; with one typed and not proved, to verify it first', async () => {
    serveForm();
    resumeAt({ page: 'addCustomer', customer });
    renderFlow();
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    click('Next');
    await waitFor(() => expect(description(email)).toContain('Email is required'));
    expect(description(email)).not.toContain('verify');
    fireEvent.change(email, { target: { value: 'priya@example.com' } });
    click('Next');
    await waitFor(() => expect(description(email)).toContain('Please verify your email address first'));
  });

  it('N29: a captcha verification answered REGISTRATION_EXPIRED sends the visitor back to prove the address again, told why', async () => {
    serveForm();
    serveCaptchaChallenges();
    server.use(
      http.post<never, z.input<typeof verifyCaptchaRequestSchema>, VerifyCaptchaAnswer | ApiError>('/api/ocr/verify-captcha', () =>
        HttpResponse.json({ message: rm.registrationExpired, code: 'REGISTRATION_EXPIRED' }, { status: 422 }),
      ),
    );
    await atAgreements(true);
    fireEvent.click(await captchaBox());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Details' })).toBeTruthy();
    expect(screen.getByText(rm.registrationExpired)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Your email address' })).toBeTruthy();
    expect((JSON.parse(window.sessionStorage.getItem(KEY)!) as RegistrationState).proof).toBeNull();
  });

  it('N29: a submission refused with CAPTCHA_REQUIRED (the mark lapsed) asks for a new captcha instead of repeating the refused request', async () => {
    serveForm();
    serveCaptchaChallenges();
    const verified: unknown[] = [];
    server.use(
      http.post<never, z.input<typeof verifyCaptchaRequestSchema>, VerifyCaptchaAnswer>('/api/ocr/verify-captcha', async ({ request }) => {
        verified.push(await request.json());
        return HttpResponse.json({ success: true, verified: true });
      }),
    );
    const sent = serveRegister(refuse(422, 'CAPTCHA_REQUIRED', rm.captchaRequired));
    await atAgreements(true);
    const box = await captchaBox();
    fireEvent.click(box);
    expect(await screen.findByText('Verified')).toBeTruthy();
    // The solved challenge is never kept for a reload.
    expect(window.sessionStorage.getItem(KEY)).not.toMatch(/captcha|salt|nonce|derivedKey/i);
    await waitFor(() => expect(verified).toHaveLength(1));
    click('Submit');
    expect(await screen.findByText(rm.captchaRequired)).toBeTruthy();
    await waitFor(() => expect(box.checked).toBe(false));
    expect(screen.queryByText('Verified')).toBeNull();
    click('Submit');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(sent).toHaveLength(1);
  });

  it.each<[ApiError['code'], number, string, string]>([
    ['ALREADY_SUBMITTED', 409, rm.alreadySubmitted, 'Your registration is already complete'],
    ['IDEMPOTENCY_MISMATCH', 422, rm.differentSubmission, 'Your registration is already complete'],
    ['EXISTING_CLIENT', 409, rm.existingClient, 'This email address already has an account'],
  ])('a retry answered %s ends the registration: its stored state goes, and the visitor is offered the sign-in', async (code, status, message, title) => {
    serveForm();
    serveRegister(refuse(status, code, message));
    await atAgreements();
    click('Submit');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    click('Forgot password');
    expect(useUiStore.getState().modal).toBe('forgot-password');
    click('Sign in');
    expect(useUiStore.getState().modal).toBe('login');
  });

  it('N22: once the address is proved again, the expiry notice is gone (Summary → Back does not show it again)', async () => {
    serveForm();
    serveProving();
    serveRegister(refuse(422, 'REGISTRATION_EXPIRED', rm.registrationExpired));
    await atAgreements();
    click('Submit');
    expect(await screen.findByText(rm.registrationExpired)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: EMAIL } });
    click('Send code');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code' }), { target: { value: '123456' } });
    click('Verify');
    expect(await screen.findByText('Email address verified')).toBeTruthy();
    click('Next');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Details' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Back' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Details' })).toBeTruthy();
    expect(screen.queryByText(rm.registrationExpired)).toBeNull();
  });
});

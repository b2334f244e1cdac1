// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import type { ClassFieldsAnswer, ClassSearchAnswer, OcrProfileAnswer } from '@portal/shared/class-schemas';
import type { CompanyConfig } from '@portal/shared/company-config';
import { customerFormFieldsSchema, studentFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { familyProfile, registrationTestConfig } from '@/test/registration-fixtures';
import { server, installMockServer } from '@/test/msw';
import { RegistrationPage } from './registration-page';

installMockServer();
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const config = registrationTestConfig();
const family = familyProfile({ EmailMarketingAgreement: 'Would you like news from Splash by e-mail?', RegistrationText: '*Book lessons *Pay invoices' });

function serveProfile(profile: OcrProfileAnswer['profile'] = family) {
  server.use(http.get<{ id: string }, never, OcrProfileAnswer>('/api/classes/ocr-profiles/:id', () => HttpResponse.json({ success: true, profile })));
}

/** A profile with an opening but no waiting room (a window of 0, decision 099). */
function serveNoWaitingRoom() {
  server.use(http.get('/api/ocr/waiting-room/:profile', () => HttpResponse.json({ inForce: false, opensAt: null, joinFrom: null, now: new Date().toISOString(), place: null })));
}

function renderRoute(url: string, overrides: Partial<CompanyConfig> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(companyConfigQueryOptions.queryKey, { ...config, ...overrides });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <RegistrationPage renderStudentUpdate={() => null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const closed = 'Online registration is not available';

describe('RegistrationPage', () => {
  it('N36: registration switched off shows the error screen, and the profile is not even asked for', async () => {
    let profileCalls = 0;
    server.use(
      http.get<{ id: string }, never, OcrProfileAnswer>('/api/classes/ocr-profiles/:id', () => {
        profileCalls += 1;
        return HttpResponse.json({ success: true, profile: family });
      }),
    );
    renderRoute('/ocr?id=1001&p=3', { AllowOCR: false, CustomerPortalAllowOCR: false });
    expect(screen.getByRole('heading', { level: 1, name: closed })).toBeTruthy();
    expect(screen.getByText('Splash Swim School is not taking registrations online at the moment.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Customer Hub' }).getAttribute('href')).toBe('/hub/company');
    // A request would have been answered by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(profileCalls).toBe(0);
  });

  it('N36: an unknown profile (404) says the link is not valid', async () => {
    server.use(
      http.get<{ id: string }, never, ApiError>('/api/classes/ocr-profiles/:id', () => HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 })),
      // Asked for beside the profile, before the page knows the profile is unknown.
      http.get<never, never, ApiError>('/api/customer/get-form-fields', () => HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 })),
    );
    renderRoute('/ocr?id=1001&p=99');
    expect(await screen.findByRole('heading', { level: 1, name: closed })).toBeTruthy();
    expect(screen.getByText('This registration link is not valid. Please check the link, or contact Splash Swim School.')).toBeTruthy();
  });

  it('N36: a link without a profile says the link is not valid', () => {
    renderRoute('/ocr?id=1001');
    expect(screen.getByText('This registration link is not valid. Please check the link, or contact Splash Swim School.')).toBeTruthy();
  });

  it('N36: a company that takes no new sign-ups says so', async () => {
    serveProfile();
    renderRoute('/ocr?id=1001&p=3', { CanTakeNewSignUps: false });
    expect(await screen.findByText('Splash Swim School is not taking new sign-ups online at the moment. Please contact them to enroll.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
  });

  it('N8: a SelectClasses profile opens the flow, whose first step is the class step', async () => {
    serveProfile({ ...family, OCRProfileID: 1, PageType: 'SelectClasses', SkipStudents: false });
    server.use(
      http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(customerFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 1, State: 'Mandatory' }] }))),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(studentFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 15, State: 'Mandatory' }] }))),
      http.get<never, never, ClassFieldsAnswer>('/api/classes/get-class-fields', () =>
        HttpResponse.json({ venues: [], lesson_formats: [], standards: [], days: [], times_of_day: [], sorts: [], AllowCasualEnrolments: false, IncludeTemporaryEnrolmentsInCount: false }),
      ),
      http.post<never, never, ClassSearchAnswer>('/api/classes', () => HttpResponse.json({ current_page: 1, total_pages: 1, total: 0, classes: [] })),
    );
    renderRoute('/ocr?id=1001&p=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Classes' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 6')).toBeTruthy();
  });

  it('N8, U8: another page type registers like NoClasses: no class step, and no "opens soon" page', async () => {
    serveProfile({ ...family, OCRProfileID: 2, PageType: 'Trial' });
    server.use(
      http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(customerFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 1, State: 'Mandatory' }] }))),
    );
    renderRoute('/ocr?id=1001&p=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Splash – family account' })).toBeTruthy();
    expect(screen.queryByText('The classes you would like to join')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Details' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(screen.queryByText('This area opens soon.')).toBeNull();
    expect(screen.queryByRole('heading', { name: closed })).toBeNull();
  });

  it("a profile that opens later shows when, in the company's time, and counts down; at the time the registration starts without a reload", async () => {
    const opensAt = '2099-02-01T09:00:00+11:00';
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(opensAt) - 65_000 });
    try {
      serveProfile({ ...family, OpensAt: opensAt });
      serveNoWaitingRoom();
      server.use(
        http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(customerFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 1, State: 'Mandatory' }] }))),
      );
      renderRoute('/ocr?id=1001&p=3', { localization: { ...config.localization, DateFormat: 'dd/MM/yyyy', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Registration opens soon' })).toBeTruthy();
      expect(screen.getByText('Join Splash – family account')).toBeTruthy();
      expect(screen.getByText('Registration opens on 01/02/2099 at 09:00 AM (Sydney time).')).toBeTruthy();
      expect(screen.getByRole('timer').textContent).toBe('1 min 5 s');
      expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
      vi.setSystemTime(Date.parse(opensAt) - 3_000);
      await waitFor(() => expect(screen.getByRole('timer').textContent).toBe('3 s'), { timeout: 2_000 });
      vi.setSystemTime(Date.parse(opensAt));
      expect(await screen.findByRole('button', { name: 'Get Started' }, { timeout: 2_000 })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Registration opens soon' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a profile whose opening has passed opens as usual', async () => {
    serveProfile({ ...family, OpensAt: new Date(Date.now() - 60_000).toISOString() });
    serveNoWaitingRoom();
    server.use(
      http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(customerFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 1, State: 'Mandatory' }] }))),
    );
    renderRoute('/ocr?id=1001&p=3');
    expect(await screen.findByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Registration opens soon' })).toBeNull();
  });

  it('the profile and its customer form are asked for together: the page waits for one round trip, not two', async () => {
    const asked: string[] = [];
    let formAsked!: () => void;
    const formSeen = new Promise<void>((resolve) => (formAsked = resolve));
    server.use(
      http.get<{ id: string }, never, OcrProfileAnswer>('/api/classes/ocr-profiles/:id', async () => {
        asked.push('profile');
        // The answer waits (a second at most) for the form's request: it comes only if it was sent beside this one.
        await Promise.race([formSeen, new Promise((resolve) => setTimeout(resolve, 1000))]);
        asked.push('profile answered');
        return HttpResponse.json({ success: true, profile: family });
      }),
      http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', ({ request }) => {
        asked.push(`form ${new URL(request.url).searchParams.get('id')}`);
        formAsked();
        return HttpResponse.json(customerFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 1, State: 'Mandatory' }] }));
      }),
    );
    renderRoute('/ocr?id=1001&p=3');
    expect(await screen.findByRole('button', { name: 'Get Started' })).toBeTruthy();
    // The form was asked for before the profile had answered.
    expect(asked).toEqual(['profile', 'form 3', 'profile answered']);
  });

  it('N4, N6, N17: a profile without classes opens on its title page; Get Started goes straight to the customer form', async () => {
    serveProfile();
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
    );
    renderRoute('/ocr?id=1001&p=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Splash – family account' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('Book lessons');
    screen.getByRole('button', { name: 'Get Started' }).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Details' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
  });

  it('N5, N7, N9, N11, N14, N16: without SkipStudents the students come first, in the profile’s words; removing one asks first', async () => {
    serveProfile({ ...family, SkipStudents: false, CustomStudentTerm: 'Swimmer' });
    let studentFormCalls = 0;
    server.use(
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => {
        studentFormCalls += 1;
        return HttpResponse.json(
          studentFormFieldsSchema.parse({
            fields: [
              { OCRFormFieldNameID: 15, State: 'Mandatory' },
              { OCRFormFieldNameID: 16, State: 'Mandatory' },
            ],
          }),
        );
      }),
      http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () =>
        HttpResponse.json(
          customerFormFieldsSchema.parse({
            fields: [
              { OCRFormFieldNameID: 1, State: 'Mandatory' },
              { OCRFormFieldNameID: 2, State: 'Mandatory' },
            ],
          }),
        ),
      ),
    );
    renderRoute('/ocr?id=1001&p=3');
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Swimmer' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Mia' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Shah' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Swimmers' })).toBeTruthy();
    expect(screen.getByText('Mia Shah')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Mia Shah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to remove this student?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Mia Shah')).toBeNull());
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(studentFormCalls).toBe(1);
  });

  it('N23, S26: an AutoEnroll profile takes the address its link names, read-only; without AutoEnroll the link’s address is not used', async () => {
    server.use(
      http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(customerFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 1, State: 'Mandatory' }] }))),
    );
    serveProfile({ ...family, AutoEnroll: true });
    renderRoute('/ocr?id=1001&p=3&email=Priya%40Example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    await screen.findByRole('heading', { level: 1, name: 'Your Details' });
    const locked = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect([locked.value, locked.readOnly]).toEqual(['priya@example.com', true]);
    cleanup();
    window.sessionStorage.clear();

    serveProfile({ ...family, AutoEnroll: false });
    renderRoute('/ocr?id=1001&p=3&email=priya%40example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    await screen.findByRole('heading', { level: 1, name: 'Your Details' });
    const open = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect([open.value, open.readOnly]).toEqual(['', false]);
  });
});

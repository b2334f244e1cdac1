import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyConfig } from '@portal/shared/company-config';
import { buildFormSchema, describeFormFields, type FormValues } from '@portal/shared/form-engine';
import type { RegistrationSubmission } from '@portal/shared/registration-schemas';
import { useCompanyFormContext } from '@/components/forms/use-engine-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { studentTerm as studentTermOf } from '@/lib/branding';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { formFieldsQueryOptions } from '@/lib/form-fields';
import { resetIdentity, useCurrentUser } from '@/lib/identity';
import type { RegistrationProfile } from '../api/get-ocr-profile';
import { registrationAgreementsQueryOptions } from '../api/get-registration-agreements';
import { newIdempotencyKey, useSubmitRegistration } from '../api/submit-registration';
import { registrationStorageKey, useRegistrationState, type RegistrationPage } from '../lib/registration-state';
import { AgreementsStep, type AgreementAnswer } from './agreements-step';
import { CustomerStep } from './customer-step';
import { CustomerSummaryStep } from './customer-summary-step';
import { RegistrationDone, type RegistrationDoneReason } from './registration-done';
import { StudentStep } from './student-step';
import { StudentsListStep } from './students-list-step';
import { SignedInStep, TitleStep } from './title-step';

/** The steps after the title page, for "Step n of m": the students' two pages are one step. */
function stepsOf(skipStudents: boolean): RegistrationPage[][] {
  const rest: RegistrationPage[][] = [['addCustomer'], ['viewCustomer'], ['agreements']];
  return skipStudents ? rest : [['addStudent', 'studentsList'], ...rest];
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center rounded-2xl border border-line bg-surface py-20 text-primary-ink shadow-sm">
      <Spinner size="lg" label={label} />
    </div>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="rounded-2xl border border-danger-line bg-danger-surface px-4 py-8 text-center text-sm text-danger">
      <p>{errorMessage(error)}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * N4, N5, N17: the registration of a profile without a class step: title page → (students, unless
 * the profile skips them) → customer form → Customer Details → agreements → one submission. The
 * family is then signed in with a ChangePassword action pending, so it sets its password next (L8).
 */
export function RegistrationFlow({ config, profile, panel }: { config: CompanyConfig; profile: RegistrationProfile; panel: ReactNode }) {
  const profileId = profile.OCRProfileID;
  const customerTerm = profile.CustomCustomerTerm.trim() || 'Customer';
  const studentTerm = profile.CustomStudentTerm.trim() || studentTermOf(config);
  const skipStudents = profile.SkipStudents;
  const [state, update, clear] = useRegistrationState(registrationStorageKey(config.CustomerID, profileId));
  const formFields = useQuery(formFieldsQueryOptions('customer', profileId));
  // N9: the student form is asked for once the registration has begun, once (cached for good).
  const studentFields = useQuery({ ...formFieldsQueryOptions('student', profileId), enabled: !skipStudents && state.page !== 'titlePage' });
  // X10: the profile's own defaults (state, a typed-in medical condition) win over the company's.
  const profileDefaults = useMemo(
    () => ({ DefaultState: profile.DefaultState, CanSelectCustomMedicalCondition: profile.CanSelectCustomMedicalCondition }),
    [profile.DefaultState, profile.CanSelectCustomMedicalCondition],
  );
  const context = useCompanyFormContext({ registration: true, profile: profileDefaults });
  const agreements = useQuery({ ...registrationAgreementsQueryOptions(profileId), enabled: state.page === 'agreements' || state.page === 'viewCustomer' });
  const submission = useSubmitRegistration();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  // Set once the server says this registration or its address is already done; the stored state is gone by then.
  const [done, setDone] = useState<RegistrationDoneReason | null>(null);
  // One key per attempt: a retry of the same body (its answer was lost) reuses it.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useCurrentUser();

  const saveDraft = useCallback((customer: FormValues) => update({ customer }), [update]);
  const descriptors = useMemo(() => (formFields.data ? describeFormFields('customer', formFields.data, context) : []), [formFields.data, context]);
  const go = (page: RegistrationPage) => {
    update({ page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const steps = stepsOf(skipStudents);
  const stepOf = (page: RegistrationPage) => ({ index: steps.findIndex((pages) => pages.includes(page)) + 1, count: steps.length });
  const firstStudentPage: RegistrationPage = state.students.length > 0 ? 'studentsList' : 'addStudent';
  // The proved address lapsed (24 hours): the visitor proves it again on the form, told why.
  const expire = (message: string) => {
    update({ proof: null });
    setExpired(message);
    go('addCustomer');
  };

  // On a phone the panel introduces the title page only; the later pages start with their form.
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-5 px-4 py-5 sm:px-6 sm:py-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,8fr)] lg:items-start lg:gap-8">
      <div className={state.page === 'titlePage' || user ? undefined : 'hidden lg:block'}>{panel}</div>
      <div className="min-w-0">{content()}</div>
    </div>
  );

  function content(): ReactNode {
    if (user) return <SignedInStep firstName={user.FirstName} />;
    if (done) return <RegistrationDone reason={done} />;
    if (state.page === 'titlePage') {
      return (
        <TitleStep
          title={profile.DisplayName}
          customerTerm={customerTerm}
          studentTerm={skipStudents ? null : studentTerm}
          onStart={() => go(skipStudents ? 'addCustomer' : firstStudentPage)}
        />
      );
    }

    if (!skipStudents && (state.page === 'addStudent' || state.page === 'studentsList' || state.students.length === 0)) {
      if (studentFields.isPending) return <Loading label={`Loading the ${studentTerm.toLowerCase()} form`} />;
      if (studentFields.isError) return <LoadFailed error={studentFields.error} onRetry={() => void studentFields.refetch()} />;
      // A later page with no student (a reload after removing the last one) asks for one first.
      if (state.page === 'addStudent' || (state.page !== 'studentsList' && state.students.length === 0)) {
        const editing = state.editing !== null && state.students[state.editing] ? state.editing : null;
        return (
          <StudentStep
            key={editing ?? 'new'}
            formFields={studentFields.data}
            context={context}
            studentTerm={studentTerm}
            values={editing === null ? null : (state.students[editing] ?? null)}
            clientAddress={state.customer ?? undefined}
            step={stepOf('addStudent')}
            onSave={(student) => {
              update((s) => ({ students: editing === null ? [...s.students, student] : s.students.map((x, i) => (i === editing ? student : x)), editing: null }));
              go('studentsList');
            }}
            onBack={() => {
              update({ editing: null });
              go(state.students.length > 0 ? 'studentsList' : 'titlePage');
            }}
          />
        );
      }
      return (
        <StudentsListStep
          students={state.students}
          studentTerm={studentTerm}
          step={stepOf('studentsList')}
          onAdd={() => {
            update({ editing: null });
            go('addStudent');
          }}
          onEdit={(index) => {
            update({ editing: index });
            go('addStudent');
          }}
          onRemove={(index) => update((s) => ({ students: s.students.filter((_, i) => i !== index) }))}
          onNext={() => go('addCustomer')}
          onBack={() => go('titlePage')}
        />
      );
    }

    if (formFields.isPending) return <Loading label="Loading the registration form" />;
    if (formFields.isError) return <LoadFailed error={formFields.error} onRetry={() => void formFields.refetch()} />;

    // A reload on a later page without the details it needs starts again at the form.
    const page = state.page !== 'addCustomer' && (!state.customer || !state.proof?.verified) ? 'addCustomer' : state.page;

    if (page === 'addCustomer') {
      return (
        <CustomerStep
          formFields={formFields.data}
          context={context}
          profileId={profileId}
          customerTerm={customerTerm}
          step={stepOf('addCustomer')}
          proof={state.proof}
          onProof={(proof) => {
            update({ proof });
            if (proof?.verified) setExpired(null);
          }}
          notice={expired}
          values={state.customer}
          onDraft={saveDraft}
          onNext={(customer) => {
            update({ customer });
            go('viewCustomer');
          }}
          onBack={() => go(skipStudents ? 'titlePage' : 'studentsList')}
        />
      );
    }

    const customer = state.customer as FormValues;
    if (page === 'viewCustomer') {
      return (
        <CustomerSummaryStep
          customerTerm={customerTerm}
          descriptors={descriptors}
          values={customer}
          step={stepOf('viewCustomer')}
          onNext={() => go('agreements')}
          onBack={() => go('addCustomer')}
        />
      );
    }

    if (agreements.isPending || (!skipStudents && studentFields.isPending)) return <Loading label="Loading the agreements" />;
    if (agreements.isError) return <LoadFailed error={agreements.error} onRetry={() => void agreements.refetch()} />;
    if (studentFields.isError) return <LoadFailed error={studentFields.error} onRetry={() => void studentFields.refetch()} />;

    const submit = (answers: AgreementAnswer[], captchaLapsed: () => void) => {
      setSubmitError(null);
      const parsed = buildFormSchema('customer', formFields.data, context).safeParse(customer);
      if (!parsed.success) {
        go('addCustomer');
        return;
      }
      const students = [];
      if (!skipStudents && studentFields.data) {
        const schema = buildFormSchema('student', studentFields.data, context);
        for (const [index, values] of state.students.entries()) {
          const student = schema.safeParse(values);
          if (!student.success) {
            update({ editing: index });
            go('addStudent');
            return;
          }
          students.push(student.data as Record<string, unknown>);
        }
      }
      const body: RegistrationSubmission = {
        registration_token: state.proof!.token,
        profile: profileId,
        customer: parsed.data as Record<string, unknown>,
        students,
        agreements: answers,
        marketing_opt_in: profile.EmailMarketingAgreement === '' ? null : state.marketing,
        direct_debit_payment: false,
      };
      const json = JSON.stringify(body);
      if (attempt.current?.body !== json) attempt.current = { key: newIdempotencyKey(), body: json };
      submission.mutate(
        { body, idempotencyKey: attempt.current.key },
        {
          onSuccess: (answer) => {
            clear();
            attempt.current = null;
            // The new family is signed in: nothing the guest loaded survives, and its first action is to set a password.
            resetIdentity(queryClient, { user: answer.user, company: 'keep' });
            navigate(answer.actions.length > 0 ? paths.signInActions : paths.company, { replace: true });
          },
          onError: (e) => {
            const code = e instanceof ApiRequestError ? e.code : null;
            if (code === 'REGISTRATION_EXPIRED') {
              expire(e.message);
              return;
            }
            // The captcha's mark lapsed (10 minutes): the visitor solves a new one.
            if (code === 'CAPTCHA_REQUIRED') {
              captchaLapsed();
              return;
            }
            // A retry whose first answer was lost carries a new key: the registration, or the address, is already done.
            if (code === 'ALREADY_SUBMITTED' || code === 'IDEMPOTENCY_MISMATCH' || code === 'EXISTING_CLIENT') {
              clear();
              attempt.current = null;
              setDone(code === 'EXISTING_CLIENT' ? 'existingClient' : 'alreadySubmitted');
              window.scrollTo({ top: 0, behavior: 'smooth' });
              return;
            }
            setSubmitError(errorMessage(e));
          },
        },
      );
    };

    const firstName = typeof customer.FirstName === 'string' ? customer.FirstName.trim() : '';
    const lastName = typeof customer.LastName === 'string' ? customer.LastName.trim() : '';
    return (
      <AgreementsStep
        agreements={agreements.data}
        marketingQuestion={profile.EmailMarketingAgreement}
        showCaptcha={profile.ShowCAPTCHA}
        registrationToken={state.proof!.token}
        agreed={state.agreed}
        onAgreedChange={(id, agreed) => update((s) => ({ agreed: { ...s.agreed, [id]: agreed } }))}
        marketing={state.marketing}
        onMarketingChange={(marketing) => update({ marketing })}
        step={stepOf('agreements')}
        signerName={[firstName, lastName].filter(Boolean).join(' ') || undefined}
        submitting={submission.isPending}
        error={submitError}
        onDismissError={() => setSubmitError(null)}
        onSubmit={submit}
        onExpired={expire}
        onBack={() => go('viewCustomer')}
      />
    );
  }
}

import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyConfig } from '@portal/shared/company-config';
import { buildFormSchema, describeFormFields, type FormValues } from '@portal/shared/form-engine';
import type { BankDetailsRequest } from '@portal/shared/payment-schemas';
import {
  registrationMessages as rm,
  type RegistrationAnswer,
  type RegistrationClass,
  type RegistrationQuoteAnswer,
  type RegistrationSubmission,
} from '@portal/shared/registration-schemas';
import type { CardDetails } from '@/components/forms/card-form';
import { useCompanyFormContext } from '@/components/forms/use-engine-form';
import { ListError } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { studentTerm as studentTermOf } from '@/lib/branding';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { formFieldsQueryOptions } from '@/entities/forms/get-form-fields';
import { resetIdentity, useCurrentUser } from '@/entities/customer/identity';
import { attemptErrorMessage, newIdempotencyKey, openChallengeOf, outcomeUnknown, type OpenChallenge } from '@/lib/payment-attempt';
import { decideChallenge, registrationGateway, tokeniseCard } from '@/entities/payments/payment-gateway';
import { ocrProfileQueryOptions, type RegistrationProfile } from '@/entities/classes/get-ocr-profile';
import { registrationAgreementsQueryOptions } from '../api/get-registration-agreements';
import { useRegistrationQuote } from '../api/get-registration-quote';
import { useSubmitRegistration } from '../api/submit-registration';
import { registrationStorageKey, useRegistrationState, type RegistrationPage, type RegistrationState } from '../lib/registration-state';
import { AgreementsStep, type AgreementAnswer } from './agreements-step';
import { CheckoutStep, paymentMethodOf } from './checkout-step';
import { ClassRegistrationStep, type EnrolledStudent } from './class-registration-step';
import { ClassStep } from './class-step';
import { CustomerStep } from './customer-step';
import { CustomerSummaryStep } from './customer-summary-step';
import { RegistrationDone, type RegistrationDoneReason } from './registration-done';
import { StudentStep } from './student-step';
import { nameOf, studentLabel, StudentsListStep } from './students-list-step';
import { SignedInStep, TitleStep } from './title-step';

/** The steps after the title page, for "Step n of m": the students' two pages are one step. */
function stepsOf(skipStudents: boolean, withClasses: boolean): RegistrationPage[][] {
  return [
    ...(withClasses ? [['addClasses'] as RegistrationPage[]] : []),
    ...(skipStudents ? [] : [['addStudent', 'studentsList'] as RegistrationPage[]]),
    ['addCustomer'],
    ['viewCustomer'],
    ['agreements'],
    ...(withClasses ? [['checkout'] as RegistrationPage[]] : []),
  ];
}

/** The class step's choices as the quote and the submission take them: one entry per student and class. */
function registrationClassesOf(state: RegistrationState): RegistrationClass[] {
  return state.students.flatMap((_, student) =>
    (state.studentClasses[student] ?? []).flatMap((classId) => {
      const c = state.classes.find((x) => x.ClassID === classId);
      return c ? [{ student, ClassID: c.ClassID, casual: c.casual, dates: c.dates, waitlist: c.waitlist }] : [];
    }),
  );
}

/** The registration the server completed: what the last page shows. */
interface Completed {
  students: EnrolledStudent[];
  answer: RegistrationAnswer;
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center rounded-2xl border border-line bg-surface py-20 text-primary-ink shadow-sm">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/**
 * N4, N5, N8, N17: the online registration: title page → classes (a SelectClasses profile) →
 * students (unless the profile skips them) → customer form → Customer Details → agreements →
 * checkout (with classes) → one submission. The family is then signed in with a ChangePassword
 * action pending, so it sets its password next (L8); with classes it first sees what it was
 * registered for (N31).
 */
export function RegistrationFlow({ config, profile, panel }: { config: CompanyConfig; profile: RegistrationProfile; panel: ReactNode }) {
  const profileId = profile.OCRProfileID;
  const customerTerm = profile.CustomCustomerTerm.trim() || 'Customer';
  const studentTerm = profile.CustomStudentTerm.trim() || studentTermOf(config);
  const skipStudents = profile.SkipStudents;
  const withClasses = profile.PageType === 'SelectClasses';
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
  const agreements = useQuery({ ...registrationAgreementsQueryOptions(profileId), enabled: state.page === 'agreements' || state.page === 'viewCustomer' || state.page === 'checkout' });
  const submission = useSubmitRegistration();
  // Paying: tokenising the card, or a challenge being decided, before or between submissions.
  const [paying, setPaying] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // The agreements' answers, signatures included, kept for the checkout in memory only (decision 048).
  const [signed, setSigned] = useState<AgreementAnswer[] | null>(null);
  const [challenge, setChallenge] = useState<OpenChallenge | null>(null);
  const [completed, setCompleted] = useState<Completed | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  // Set once the server says this registration or its address is already done; the stored state is gone by then.
  const [done, setDone] = useState<RegistrationDoneReason | null>(null);
  // One key per attempt: a retry of the same body (its answer was lost, or a challenge was decided) reuses it.
  // Kept until the server answers it for good; a refusal for good ends it, and the next try is a new attempt.
  const attempt = useRef<{ key: string; body: string; submission: RegistrationSubmission } | null>(null);
  // The card last tokenised (in memory only): the same card paid again goes with the same token.
  const tokenised = useRef<{ card: string; id: string } | null>(null);
  // The payment options the quote offers: a single one is the option in force, and the classes are priced with it.
  const [offered, setOffered] = useState<RegistrationQuoteAnswer['paymentOptions'] | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useCurrentUser();

  const saveDraft = useCallback((customer: FormValues) => update({ customer }), [update]);
  const descriptors = useMemo(() => (formFields.data ? describeFormFields('customer', formFields.data, context) : []), [formFields.data, context]);
  const go = (page: RegistrationPage) => {
    update({ page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const steps = stepsOf(skipStudents, withClasses);
  const stepOf = (page: RegistrationPage) => ({ index: steps.findIndex((pages) => pages.includes(page)) + 1, count: steps.length });
  const firstStudentPage: RegistrationPage = state.students.length > 0 ? 'studentsList' : 'addStudent';
  // The proved address lapsed (24 hours): the visitor proves it again on the form, told why.
  const expire = (message: string) => {
    update({ proof: null });
    setExpired(message);
    go('addCustomer');
  };
  const registrationClasses = useMemo(() => registrationClassesOf(state), [state]);
  // The classes are priced with the payment option in force (the only one offered, or the family's choice). With
  // waitlist places only nothing is paid, and the server takes no payment option.
  const byDebit = paymentMethodOf(offered ?? undefined, state.paymentOption) === 'direct_debit' && registrationClasses.some((c) => !c.waitlist);
  const quote = useRegistrationQuote(
    { profile: profileId, classes: registrationClasses, direct_debit_payment: byDebit },
    withClasses && state.page === 'checkout' && signed !== null && !completed,
  );
  const answeredOptions = quote.data?.paymentOptions;
  if (answeredOptions && answeredOptions.join() !== offered?.join()) setOffered(answeredOptions);

  // On a phone the panel introduces the title page only; the later pages start with their form.
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-5 px-4 py-5 sm:px-6 sm:py-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,8fr)] lg:items-start lg:gap-8">
      <div className={(state.page === 'titlePage' || user) && !completed ? undefined : 'hidden lg:block'}>{panel}</div>
      <div className="min-w-0">{content()}</div>
    </div>
  );

  function content(): ReactNode {
    if (completed) {
      return (
        <ClassRegistrationStep
          students={completed.students}
          payment={completed.answer.payment}
          needsPassword={(completed.answer.actions ?? []).length > 0}
          studentTerm={studentTerm}
        />
      );
    }
    if (user) return <SignedInStep firstName={user.FirstName} />;
    if (done) return <RegistrationDone reason={done} />;
    if (state.page === 'titlePage') {
      return (
        <TitleStep
          title={profile.DisplayName}
          customerTerm={customerTerm}
          studentTerm={skipStudents ? null : studentTerm}
          withClasses={withClasses}
          onStart={() => go(withClasses ? 'addClasses' : skipStudents ? 'addCustomer' : firstStudentPage)}
        />
      );
    }

    // The class step, or a later page reloaded with no class chosen.
    if (withClasses && (state.page === 'addClasses' || state.classes.length === 0)) {
      return (
        <ClassStep
          profileId={profileId}
          allowCasual={profile.AllowCasualEnrolments}
          classes={state.classes}
          studentTerm={studentTerm}
          step={stepOf('addClasses')}
          onAdd={(c) => update((s) => ({ classes: [...s.classes.filter((x) => x.ClassID !== c.ClassID), c] }))}
          onRemove={(classId) =>
            update((s) => ({ classes: s.classes.filter((x) => x.ClassID !== classId), studentClasses: s.studentClasses.map((ids) => ids.filter((id) => id !== classId)) }))
          }
          onNext={() => go(skipStudents ? 'addCustomer' : firstStudentPage)}
          onBack={() => go('titlePage')}
        />
      );
    }

    // A student without a class (a reload, or a class removed since) is given one on the students list first.
    const unassigned = withClasses && state.students.some((_, i) => (state.studentClasses[i] ?? []).length === 0);
    if (!skipStudents && (state.page === 'addStudent' || state.page === 'studentsList' || state.students.length === 0 || unassigned)) {
      if (studentFields.isPending) return <Loading label={`Loading the ${studentTerm.toLowerCase()} form`} />;
      if (studentFields.isError) return <ListError message={errorMessage(studentFields.error)} onRetry={() => void studentFields.refetch()} />;
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
              update((s) => ({
                students: editing === null ? [...s.students, student] : s.students.map((x, i) => (i === editing ? student : x)),
                studentClasses: editing === null ? [...s.studentClasses, []] : s.studentClasses,
                editing: null,
              }));
              go('studentsList');
            }}
            onBack={() => {
              update({ editing: null });
              go(state.students.length > 0 ? 'studentsList' : withClasses ? 'addClasses' : 'titlePage');
            }}
          />
        );
      }
      return (
        <StudentsListStep
          students={state.students}
          studentTerm={studentTerm}
          classes={
            withClasses
              ? {
                  chosen: state.classes,
                  assigned: state.studentClasses,
                  onToggle: (student, classId, on) =>
                    update((s) => ({
                      studentClasses: s.students.map((_, i) => {
                        const ids = (s.studentClasses[i] ?? []).filter((id) => id !== classId);
                        return i === student && on ? [...ids, classId] : ids;
                      }),
                    })),
                  onChangeClasses: () => go('addClasses'),
                }
              : undefined
          }
          step={stepOf('studentsList')}
          onAdd={() => {
            update({ editing: null });
            go('addStudent');
          }}
          onEdit={(index) => {
            update({ editing: index });
            go('addStudent');
          }}
          onRemove={(index) => update((s) => ({ students: s.students.filter((_, i) => i !== index), studentClasses: s.studentClasses.filter((_, i) => i !== index) }))}
          onNext={() => go('addCustomer')}
          onBack={() => go(withClasses ? 'addClasses' : 'titlePage')}
        />
      );
    }

    if (formFields.isPending) return <Loading label="Loading the registration form" />;
    if (formFields.isError) return <ListError message={errorMessage(formFields.error)} onRetry={() => void formFields.refetch()} />;

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
          onBack={() => go(!skipStudents ? 'studentsList' : withClasses ? 'addClasses' : 'titlePage')}
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
    if (agreements.isError) return <ListError message={errorMessage(agreements.error)} onRetry={() => void agreements.refetch()} />;
    if (studentFields.isError) return <ListError message={errorMessage(studentFields.error)} onRetry={() => void studentFields.refetch()} />;

    /** The submission's body from what the pages hold, or null when a page must be seen again first (it opens). */
    const bodyOf = (answers: AgreementAnswer[]): RegistrationSubmission | null => {
      const parsed = buildFormSchema('customer', formFields.data, context).safeParse(customer);
      if (!parsed.success) {
        go('addCustomer');
        return null;
      }
      const students = [];
      if (!skipStudents && studentFields.data) {
        const schema = buildFormSchema('student', studentFields.data, context);
        for (const [index, values] of state.students.entries()) {
          const student = schema.safeParse(values);
          if (!student.success) {
            update({ editing: index });
            go('addStudent');
            return null;
          }
          students.push(student.data as Record<string, unknown>);
        }
      }
      return {
        registration_token: state.proof!.token,
        profile: profileId,
        customer: parsed.data as Record<string, unknown>,
        students,
        agreements: answers,
        marketing_opt_in: profile.EmailMarketingAgreement === '' ? null : state.marketing,
        direct_debit_payment: false,
        ...(withClasses ? { classes: registrationClasses } : {}),
      };
    };

    const finish = (answer: RegistrationAnswer) => {
      // The card asks for a challenge step: the same submission goes again once it is decided.
      const asked = openChallengeOf(answer.payment);
      if (asked) {
        setChallenge(asked);
        return;
      }
      const enrolled = withClasses
        ? state.students.map((values, i) => ({
            name: studentLabel(values, i, studentTerm),
            classes: (state.studentClasses[i] ?? []).flatMap((id) => state.classes.filter((c) => c.ClassID === id)),
          }))
        : null;
      clear();
      attempt.current = null;
      setChallenge(null);
      setSigned(null);
      // The new family is signed in: nothing the guest loaded survives, and its first action is to set a password.
      resetIdentity(queryClient, { user: answer.user ?? null, company: 'keep' });
      if (enrolled) {
        // The last page stays on this route, drawn with the profile the guest loaded.
        queryClient.setQueryData(ocrProfileQueryOptions(profileId).queryKey, profile);
        setCompleted({ students: enrolled, answer });
        window.scrollTo({ top: 0, behavior: 'smooth' });
        return;
      }
      navigate((answer.actions ?? []).length > 0 ? paths.signInActions : paths.company, { replace: true });
    };

    const refused = (e: unknown, captchaLapsed: () => void) => {
      setChallenge(null);
      const code = e instanceof ApiRequestError ? e.code : null;
      // No answer, a server failure, a payment not yet confirmed: the server may have kept the attempt, so Pay sends it
      // again as it stands. Any other answer is final (a declined card, a class full meanwhile, a hold expired, a
      // field refused): nothing of the family was kept, and the next try is a new attempt under a new key.
      if (!outcomeUnknown(e)) attempt.current = null;
      // The token is no longer the registration's card: the card is tokenised again.
      if (code === 'CARD_TOKEN_INVALID') tokenised.current = null;
      if (code === 'REGISTRATION_EXPIRED') {
        expire(errorMessage(e));
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
      setSubmitError(attemptErrorMessage(e));
    };

    const send = (body: RegistrationSubmission, captchaLapsed: () => void) => {
      setSubmitError(null);
      const json = JSON.stringify(body);
      if (attempt.current?.body !== json) attempt.current = { key: newIdempotencyKey(), body: json, submission: body };
      submission.mutate({ body, idempotencyKey: attempt.current.key }, { onSuccess: finish, onError: (e) => refused(e, captchaLapsed) });
    };

    const submit = (answers: AgreementAnswer[], captchaLapsed: () => void) => {
      setSubmitError(null);
      if (withClasses) {
        // N30: the agreements go on to the checkout; the registration is sent from there.
        if (bodyOf(answers) === null) return;
        setSigned(answers);
        go('checkout');
        return;
      }
      const body = bodyOf(answers);
      if (body) send(body, captchaLapsed);
    };

    // From the checkout, a lapsed captcha is solved again on the agreements page (signing again with it).
    const captchaAgain = () => {
      setSigned(null);
      setSubmitError(rm.captchaRequired);
      go('agreements');
    };

    if (page === 'checkout' && signed !== null) {
      const tokenFor = async (card: CardDetails, registrationToken: string) => {
        const details = JSON.stringify([registrationToken, card]);
        if (tokenised.current?.card !== details) tokenised.current = { card: details, id: (await tokeniseCard(card, registrationGateway(registrationToken))).id };
        return tokenised.current.id;
      };
      const pay = async (extra: Partial<RegistrationSubmission>, card?: CardDetails) => {
        // An attempt whose answer never came is sent again as it stands, same key: the server may be paying it.
        const unanswered = attempt.current;
        if (unanswered) {
          send(unanswered.submission, captchaAgain);
          return;
        }
        const base = bodyOf(signed);
        if (!base) return;
        setSubmitError(null);
        setPaying(true);
        try {
          const cardToken = card ? await tokenFor(card, base.registration_token) : undefined;
          send({ ...base, ...extra, ...(cardToken ? { cardToken } : {}) }, captchaAgain);
        } catch (e) {
          refused(e, captchaAgain);
        } finally {
          setPaying(false);
        }
      };
      const decide = async (approve: boolean) => {
        const open = challenge;
        const sent = attempt.current;
        if (!open || !sent) return;
        setPaying(true);
        try {
          await decideChallenge(open.id, approve, registrationGateway(state.proof!.token));
        } catch {
          // The submission's own answer below says what happened.
        }
        setPaying(false);
        setChallenge(null);
        send(sent.submission, captchaAgain);
      };
      return (
        <CheckoutStep
          quote={quote}
          waitlist={state.students.flatMap((values, i) =>
            (state.studentClasses[i] ?? []).flatMap((id) =>
              state.classes.filter((c) => c.ClassID === id && c.waitlist).map((c) => `${studentLabel(values, i, studentTerm)} – ${c.Name}`),
            ),
          )}
          option={state.paymentOption}
          onOptionChange={(paymentOption) => update({ paymentOption })}
          busy={paying || submission.isPending}
          error={submitError}
          onDismissError={() => setSubmitError(null)}
          challenge={challenge}
          onDecide={(approve) => void decide(approve)}
          onHoldExpired={() => {
            // The server lets the held places go at this instant, but keeps the family until the same submission is
            // asked again: it is refused then (HOLD_EXPIRED) and the family removed, and only then can a new attempt begin.
            const sent = attempt.current;
            if (sent) send(sent.submission, captchaAgain);
            void quote.refetch();
          }}
          onPayCard={(card) => void pay({ direct_debit_payment: false }, card)}
          onPayBank={(bank: BankDetailsRequest) => void pay({ direct_debit_payment: true, bank })}
          onSubmitFree={() => void pay({ direct_debit_payment: byDebit })}
          step={stepOf('checkout')}
          onBack={() => go('agreements')}
        />
      );
    }

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
        signerName={nameOf(customer) || undefined}
        submitting={submission.isPending}
        submitLabel={withClasses ? 'Next' : 'Submit'}
        error={submitError}
        onDismissError={() => setSubmitError(null)}
        onSubmit={submit}
        onExpired={expire}
        onBack={() => go('viewCustomer')}
      />
    );
  }
}

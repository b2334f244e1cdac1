import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ageOn } from '@portal/shared/class-schemas';
import type { CompanyConfig } from '@portal/shared/company-config';
import type { SignInAction } from '@portal/shared/customer-schemas';
import { companyTimeZone, todayIn } from '@portal/shared/date-time-text';
import { describeFormFields } from '@portal/shared/form-engine/form-schema';
import type { FormValues } from '@portal/shared/form-engine/form-types';
import type { BankDetailsRequest } from '@portal/shared/payment-schemas';
import type { RegistrationQuoteAnswer } from '@portal/shared/registration-schemas';
import { useCompanyFormContext } from '@/components/forms/use-engine-form';
import { QueryError } from '@/components/ui/list-states';
import { studentTerm as studentTermOf } from '@/lib/branding';

import { formFieldsQueryOptions } from '@/entities/forms/get-form-fields';
import { useCurrentUser } from '@/entities/customer/identity';
import type { RegistrationProfile } from '@/entities/classes/get-ocr-profile';
import { registrationAgreementsQueryOptions } from '../api/get-registration-agreements';
import { useRegistrationQuote } from '../api/get-registration-quote';
import { classesTaken, heldIn, registrationStorageKey, useRegistrationState, withClass, type ChosenClass, type RegistrationPage } from '../lib/registration-state';
import { registrationClassesOf, stepsOf, studentFormNeeded } from '../lib/registration-steps';
import { useStepHistory } from '../lib/use-step-history';
import { useChooseClassesAgain } from './use-choose-classes-again';
import { AgreementsStep } from './agreements-step';
import { CheckoutStep, paymentMethodOf } from './checkout-step';
import { ClassRegistrationStep } from './class-registration-step';
import { ClassStep } from './class-step';
import { CustomerStep } from './customer-step';
import { CustomerSummaryStep } from './customer-summary-step';
import { RegistrationDone } from './registration-done';
import { RegistrationLoading as Loading } from './registration-loading';
import { StudentStep } from './student-step';
import { birthDateOf, classWithStudents, nameOf, studentLabel, StudentsListStep } from './students-list-step';
import { PendingSignInStepsStep, SignedInStep, TitleStep } from './title-step';
import { useRegistrationSubmission } from './use-registration-submission';
import { ExistingFamilyFlow, type StudentUpdateRenderer } from './existing-family-flow';

/**
 * N4, N5, N8, N17: the online registration: title page → classes (a SelectClasses profile) →
 * students (unless the profile skips them) → customer form → Customer Details → agreements →
 * checkout (with classes) → one submission. The family is then signed in with a ChangePassword
 * action pending, so it sets its password next (L8), once it has seen that its registration is
 * complete and what it was registered for (N31).
 */
export function RegistrationFlow({
  config,
  profile,
  panel,
  renderStudentUpdate,
  knownEmail = null,
  signInActions = [],
}: {
  config: CompanyConfig;
  profile: RegistrationProfile;
  panel: ReactNode;
  /** N13: the student form a family signed in is asked to complete, opened by the app. */
  renderStudentUpdate: StudentUpdateRenderer;
  /** N23: an AutoEnroll link's address, filled in and read-only. */
  knownEmail?: string | null;
  /** The signed-in family's sign-in actions (none unless told); null while they are asked for. */
  signInActions?: readonly SignInAction[] | null;
}) {
  const profileId = profile.OCRProfileID;
  const customerTerm = profile.CustomCustomerTerm.trim() || 'Customer';
  const studentTerm = profile.CustomStudentTerm.trim() || studentTermOf(config);
  const skipStudents = profile.SkipStudents;
  const withClasses = profile.PageType === 'SelectClasses';
  const storageKey = registrationStorageKey(config.CustomerID, profileId);
  const user = useCurrentUser();
  // A family signed in part-way keeps the classes it chose (a reload brings them back), but leaves no new family's draft in the tab.
  const [state, update, clear] = useRegistrationState(storageKey, !user);
  // A family signed in part-way: the classes it chooses now are what a reload brings back.
  const keepClasses = useCallback((classes: ChosenClass[]) => update({ classes }), [update]);
  // A checkout reloaded signs the agreements again first (signatures are never kept in the tab).
  const recordStep = useStepHistory(state.page, (page) => update({ page }), withClasses && state.page === 'checkout');
  const formFields = useQuery(formFieldsQueryOptions('customer', profileId));
  // N9: the student form is asked for on the pages that need it, once (cached for good).
  const studentFields = useQuery({ ...formFieldsQueryOptions('student', profileId), enabled: !skipStudents && studentFormNeeded(state, withClasses) });
  // X10: the profile's own defaults (state, a typed-in medical condition) win over the company's.
  const profileDefaults = useMemo(
    () => ({ DefaultState: profile.DefaultState, CanSelectCustomMedicalCondition: profile.CanSelectCustomMedicalCondition }),
    [profile.DefaultState, profile.CanSelectCustomMedicalCondition],
  );
  const context = useCompanyFormContext({ registration: true, profile: profileDefaults });
  const agreements = useQuery({ ...registrationAgreementsQueryOptions(profileId), enabled: state.page === 'agreements' || state.page === 'viewCustomer' || state.page === 'checkout' });
  const [expired, setExpired] = useState<string | null>(null);
  // The payment options the quote offers: a single one is the option in force, and the classes are priced with it.
  const [offered, setOffered] = useState<RegistrationQuoteAnswer['paymentOptions'] | null>(null);

  const saveDraft = useCallback((customer: FormValues) => update({ customer }), [update]);
  const saveStudentDraft = useCallback((studentDraft: FormValues) => update({ studentDraft }), [update]);
  const descriptors = useMemo(() => (formFields.data ? describeFormFields('customer', formFields.data, context) : []), [formFields.data, context]);
  const go = (page: RegistrationPage) => {
    recordStep(page);
    update({ page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const steps = stepsOf(skipStudents, withClasses);
  const stepOf = (page: RegistrationPage) => ({ index: steps.findIndex((step) => step.pages.includes(page)) + 1, count: steps.length });
  const firstStudentPage: RegistrationPage = state.students.length > 0 ? 'studentsList' : 'addStudent';
  // The proved address lapsed (24 hours): the visitor proves it again on the form, told why.
  const expire = (message: string) => {
    update({ proof: null });
    setExpired(message);
    go('addCustomer');
  };
  const registrationClasses = useMemo(() => registrationClassesOf(state), [state]);
  // Decision 118: each child's age on the company's today, so a class outside it is refused where it is chosen.
  const today = todayIn(companyTimeZone(config));
  const birthDates = state.students.map((values) => birthDateOf(values, today));
  const { signed, completed, done, challenge, paying, sending, error, classFull, dismissError, choosingAgain, submit, pay, decide, resendAfterHoldExpired } = useRegistrationSubmission({
    storageKey,
    profile,
    withClasses,
    skipStudents,
    studentTerm,
    state,
    update,
    clear,
    go,
    expire,
    context,
    customerFields: formFields.data,
    studentFields: studentFields.data,
    registrationClasses,
  });
  // Priced with the payment option in force (the only one offered, or the family's choice); waitlist places only pay nothing.
  const byDebit = paymentMethodOf(offered ?? undefined, state.paymentOption) === 'direct_debit' && registrationClasses.some((c) => !c.waitlist);
  const quote = useRegistrationQuote(
    { profile: profileId, classes: registrationClasses, direct_debit_payment: byDebit, students: state.students.map((v) => nameOf(v)), dates_of_birth: birthDates },
    withClasses && state.page === 'checkout' && signed !== null && !completed,
    state.proof?.token,
  );
  // The places this registration's own quote holds (not another address's, shown while it loads) are kept: its own on the class step.
  const heldNow = quote.isPlaceholderData ? undefined : quote.data?.holds;
  const token = state.proof?.token ?? null;
  useEffect(() => {
    if (heldNow) update({ held: heldNow, heldFor: token });
  }, [heldNow, token, update]);
  const ownHolds = state.heldFor !== null && state.heldFor === token ? state.held : [];
  const answeredOptions = quote.data?.paymentOptions;
  if (answeredOptions && answeredOptions.join() !== offered?.join()) setOffered(answeredOptions);
  const taken = classesTaken(
    registrationClasses.filter((c) => !c.waitlist).map((c) => c.ClassID),
    heldNow,
  );
  const chooseClassesAgain = useChooseClassesAgain(
    classFull,
    quote.error,
    () => {
      choosingAgain();
      go('addClasses');
    },
    taken.length > 0,
  );

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
          setUpDirectDebit={completed.answer.payment?.processor === 'direct_debit' && quote.data?.directDebitBy === 'gocardless'}
        />
      );
    }
    if (user) {
      // The students' details are completed here (N13); any other action first on the sign-in page, where the server holds the family.
      if (signInActions === null) return <Loading label="Loading your account" />;
      const elsewhere = signInActions.filter((a) => a.type !== 'UpdateStudent');
      if (elsewhere.length > 0) return <PendingSignInStepsStep firstName={user.FirstName} setPassword={elsewhere.some((a) => a.type === 'ChangePassword')} />;
    }
    // N12: a family that already has an account registers its own students in the profile's classes.
    if (user && withClasses) {
      // N18 names the company, not the registration page's heading (OCRCompanyName).
      return (
        <ExistingFamilyFlow
          profile={profile}
          clientId={user.ClientID}
          companyName={config.CompanyDisplayName}
          studentTerm={studentTerm}
          renderStudentUpdate={renderStudentUpdate}
          chosenBefore={state.classes}
          onClassesChange={keepClasses}
          onDone={clear}
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
          studentTerm={studentTerm}
          steps={steps}
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
          onAdd={(c) => update((s) => ({ classes: withClass(s.classes, c) }))}
          onRemove={(classId) => update((s) => ({ classes: s.classes.filter((x) => x.ClassID !== classId), studentClasses: s.studentClasses.map((ids) => ids.filter((id) => id !== classId)) }))}
          onNext={() => go(skipStudents ? 'addCustomer' : firstStudentPage)}
          onBack={() => go('titlePage')}
          heldIn={(classId) => heldIn(ownHolds, classId)}
        />
      );
    }

    // A student without a class (a reload, or a class removed since) is given one on the students list first.
    const unassigned = withClasses && state.students.some((_, i) => (state.studentClasses[i] ?? []).length === 0);
    if (!skipStudents && (state.page === 'addStudent' || state.page === 'studentsList' || state.students.length === 0 || unassigned)) {
      if (studentFields.isPending) return <Loading label={`Loading the ${studentTerm.toLowerCase()} form`} />;
      if (studentFields.isLoadingError) return <QueryError query={studentFields} />;
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
            draft={state.studentDraft}
            onDraft={saveStudentDraft}
            clientAddress={state.customer ?? undefined}
            step={stepOf('addStudent')}
            onSave={(student) => {
              update((s) => ({
                students: editing === null ? [...s.students, student] : s.students.map((x, i) => (i === editing ? student : x)),
                studentClasses: editing === null ? [...s.studentClasses, []] : s.studentClasses,
                editing: null,
                studentDraft: null,
              }));
              go('studentsList');
            }}
            onBack={() => {
              update({ editing: null, studentDraft: null });
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
                  ages: birthDates.map((dob) => ageOn(dob, today)),
                  // Each swimmer's own choice: brothers and sisters may share a class, as far as its places go.
                  onToggle: (student, classId, on) =>
                    update((s) => ({
                      studentClasses: s.students.map((_, i) =>
                        i === student ? [...(s.studentClasses[i] ?? []).filter((id) => id !== classId), ...(on ? [classId] : [])] : (s.studentClasses[i] ?? []),
                      ),
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
    if (formFields.isLoadingError) return <QueryError query={formFields} />;
    // A reload on a later page without the details it needs starts again at the form.
    const page = state.page !== 'addCustomer' && (!state.customer || !state.proof?.verified) ? 'addCustomer' : state.page;

    if (page === 'addCustomer') {
      return (
        <CustomerStep
          formFields={formFields.data}
          context={context}
          profileId={profileId}
          knownEmail={knownEmail}
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
        <CustomerSummaryStep customerTerm={customerTerm} descriptors={descriptors} values={customer} step={stepOf('viewCustomer')} onNext={() => go('agreements')} onBack={() => go('addCustomer')} />
      );
    }

    if (agreements.isPending || (!skipStudents && studentFields.isPending)) return <Loading label="Loading the agreements" />;
    if (agreements.isLoadingError) return <QueryError query={agreements} />;
    if (studentFields.isLoadingError) return <QueryError query={studentFields} />;

    if (page === 'checkout' && signed !== null) {
      return (
        <CheckoutStep
          quote={quote}
          waitlist={state.students.flatMap((values, i) =>
            (state.studentClasses[i] ?? []).flatMap((id) => state.classes.filter((c) => c.ClassID === id && c.waitlist).map((c) => `${studentLabel(values, i, studentTerm)} – ${c.Name}`)),
          )}
          enrolling={registrationClasses.some((c) => !c.waitlist)}
          option={state.paymentOption}
          onOptionChange={(paymentOption) => update({ paymentOption })}
          busy={paying || sending}
          error={error}
          onDismissError={dismissError}
          challenge={challenge}
          onDecide={(approve) => void decide(approve)}
          onHoldExpired={() => {
            resendAfterHoldExpired();
            void quote.refetch();
          }}
          onPayCard={(card) => void pay({ direct_debit_payment: false }, card)}
          onPayBank={(bank: BankDetailsRequest | null) => void pay({ direct_debit_payment: true, ...(bank ? { bank } : {}) })}
          onSubmitFree={() => void pay({ direct_debit_payment: byDebit })}
          step={stepOf('checkout')}
          onBack={() => go('agreements')}
          onChooseClasses={chooseClassesAgain}
          classNameOf={(id) => classWithStudents(state, id, studentTerm)}
          taken={taken}
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
        submitting={sending}
        submitLabel={withClasses ? 'Next' : 'Submit'}
        error={error}
        onDismissError={dismissError}
        onSubmit={submit}
        onExpired={expire}
        initialSignatures={signed ? Object.fromEntries(signed.map((a) => [a.agreementID, a.signature ?? null])) : undefined}
        onBack={() => go('viewCustomer')}
      />
    );
  }
}

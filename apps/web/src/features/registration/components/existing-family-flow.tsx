import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInAction } from '@portal/shared/customer-schemas';
import type { PaymentMethod } from '@portal/shared/payment-schemas';
import type { OcrClassAnswer, OcrClassChoice, RegistrationQuoteAnswer } from '@portal/shared/registration-schemas';
import { QueryError } from '@/components/ui/list-states';

import { classStudentsQueryOptions } from '@/entities/classes/get-class-students';
import type { RegistrationProfile } from '@/entities/classes/get-ocr-profile';
import { registrationAgreementsQueryOptions } from '../api/get-registration-agreements';
import { studentUpdatesQueryOptions } from '../api/get-student-updates';
import { useOcrClassQuote } from '../api/ocr-class';
import { classesTaken, heldIn, withClass, type ChosenClass } from '../lib/registration-state';
import { AgreementsStep, type AgreementAnswer } from './agreements-step';
import { CheckoutStep, paymentMethodOf } from './checkout-step';
import { ClassRegistrationStep } from './class-registration-step';
import { ClassStep } from './class-step';
import { onWaitlistText, useWaitlist, waitingIn } from '@/entities/classes/get-waitlist';
import { useConfig } from '@/entities/company/get-company-config';
import { usePaymentDetails } from '@/entities/payments/get-payment-details';
import { FamilyStudentsStep } from './family-students-step';
import { RegistrationLoading as Loading } from './registration-loading';
import { useChooseClassesAgain } from './use-choose-classes-again';
import { useOcrClassPayment } from './use-ocr-class-payment';

type Page = 'addClasses' | 'students' | 'agreements' | 'checkout';

/** Where the registration opens the form of a student whose details its profile still needs (N13); `onSaved` once it is saved. */
export type StudentUpdateRenderer = (studentId: number, onSaved: () => void) => ReactNode;

/**
 * N12, N13, N15, N18, F16: a registration link with classes, opened by a family that already has
 * an account. The students the profile's form still needs details for come first, one after the
 * other; then the classes, which of the family's own students go into each (at least one class
 * overall), the profile's agreements not yet signed, and the checkout, paid as a new family pays.
 * A family that signed in part-way through a new family's registration keeps the classes it chose
 * there (`chosenBefore`) and goes on to put its own students into them.
 */
export function ExistingFamilyFlow({
  profile,
  clientId,
  companyName,
  studentTerm,
  renderStudentUpdate,
  chosenBefore = [],
  onClassesChange,
  onDone,
}: {
  profile: RegistrationProfile;
  clientId: number;
  companyName: string;
  studentTerm: string;
  renderStudentUpdate: StudentUpdateRenderer;
  chosenBefore?: readonly ChosenClass[];
  /** The classes as chosen now, for the tab to bring back after a reload (a stable function). */
  onClassesChange?: (classes: ChosenClass[]) => void;
  /** Booked: nothing is left for a reload to bring back. */
  onDone?: () => void;
}) {
  const profileId = profile.OCRProfileID;
  const queryClient = useQueryClient();
  const [page, setPage] = useState<Page>(chosenBefore.length > 0 ? 'students' : 'addClasses');
  const [classes, setClasses] = useState<ChosenClass[]>(() => [...chosenBefore]);
  useEffect(() => onClassesChange?.(classes), [classes, onClassesChange]);
  // The card the family keeps on file is offered at the checkout, as in the hub's.
  const savedCard = usePaymentDetails(useConfig().ShowPaymentDetailsTab).data?.card ?? null;
  // A child already waiting for a full class is not offered its waitlist again (the hub's add-to-cart says so too).
  const waitlist = useWaitlist();
  const [assigned, setAssigned] = useState<Record<number, number[]>>({});
  const [agreed, setAgreed] = useState<Record<number, boolean>>({});
  const [signed, setSigned] = useState<AgreementAnswer[] | null>(null);
  const [option, setOption] = useState<PaymentMethod | null>(null);
  const [completed, setCompleted] = useState<OcrClassAnswer | null>(null);
  const updatesQuery = studentUpdatesQueryOptions(clientId, profileId);
  const updates = useQuery(updatesQuery);
  const students = useQuery(classStudentsQueryOptions());
  // Asked from the first step: whether there are any to sign is a step more or less in the count it shows.
  const agreements = useQuery(registrationAgreementsQueryOptions(profileId));
  const payment = useOcrClassPayment((answer) => {
    setCompleted(answer);
    onDone?.();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  });

  const family = students.data?.students ?? [];
  const choices: OcrClassChoice[] = family.flatMap((s) =>
    (assigned[s.StudentID] ?? []).flatMap((id) => {
      const c = classes.find((x) => x.ClassID === id);
      return c ? [{ StudentID: s.StudentID, ClassID: c.ClassID, casual: c.casual, dates: c.dates, waitlist: c.waitlist }] : [];
    }),
  );
  const toSign = (agreements.data ?? []).filter((a) => !a.Signed?.Current);
  const [offered, setOffered] = useState<RegistrationQuoteAnswer['paymentOptions'] | null>(null);
  const byDebit = paymentMethodOf(offered ?? undefined, option) === 'direct_debit' && choices.some((c) => !c.waitlist);
  const quote = useOcrClassQuote({ profile: profileId, classes: choices, direct_debit_payment: byDebit }, page === 'checkout' && completed === null);
  const answered = quote.data?.paymentOptions;
  if (answered && answered.join() !== offered?.join()) setOffered(answered);
  // The places the quote holds (decision 109): back on the class step they are this family's, not taken.
  const held = quote.data?.holds ?? [];
  const taken = classesTaken(
    choices.filter((c) => !c.waitlist).map((c) => c.ClassID),
    quote.isPlaceholderData ? undefined : quote.data?.holds,
  );

  const go = (next: Page) => {
    setPage(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const chooseClassesAgain = useChooseClassesAgain(
    payment.classFull,
    quote.error,
    () => {
      payment.choosingAgain();
      go('addClasses');
    },
    taken.length > 0,
  );
  const pages: Page[] = ['addClasses', 'students', ...(toSign.length > 0 || !agreements.isSuccess ? (['agreements'] as Page[]) : []), 'checkout'];
  // The count waits for the agreements' answer, so it never changes its total on the way.
  const stepOf = (p: Page) => (agreements.isPending ? undefined : { index: pages.indexOf(p) + 1, count: pages.length });
  const nameOf = (id: number) => family.find((s) => s.StudentID === id);

  if (completed) {
    const enrolled = family
      .filter((s) => (assigned[s.StudentID] ?? []).length > 0)
      .map((s) => ({ name: `${s.FirstName} ${s.LastName}`, classes: classes.filter((c) => (assigned[s.StudentID] ?? []).includes(c.ClassID)) }));
    return (
      <ClassRegistrationStep
        students={enrolled}
        payment={completed.payment}
        needsPassword={false}
        studentTerm={studentTerm}
        description="Thank you. Your classes are booked."
        setUpDirectDebit={completed.payment?.processor === 'direct_debit' && quote.data?.directDebitBy === 'gocardless'}
      />
    );
  }
  if (updates.isPending) return <Loading label="Loading your details" />;
  if (updates.isLoadingError) return <QueryError query={updates} />;
  const pending = updates.data[0];
  if (pending) {
    // N13: the first student the profile still needs details for; saving it opens the next.
    return (
      <section aria-labelledby="action-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
        {renderStudentUpdate(pending.student_id!, () => {
          queryClient.setQueryData(updatesQuery.queryKey, (old: SignInAction[] | undefined) => (old ?? []).filter((a) => a.id !== pending.id));
          void queryClient.invalidateQueries({ queryKey: classStudentsQueryOptions().queryKey });
          window.scrollTo({ top: 0 });
        })}
      </section>
    );
  }

  if (page === 'addClasses' || classes.length === 0) {
    return (
      <ClassStep
        profileId={profileId}
        allowCasual={profile.AllowCasualEnrolments}
        classes={classes}
        studentTerm={studentTerm}
        step={stepOf('addClasses')}
        onAdd={(c) => setClasses((list) => withClass(list, c))}
        onRemove={(classId) => {
          setClasses((list) => list.filter((x) => x.ClassID !== classId));
          setAssigned((a) => Object.fromEntries(Object.entries(a).map(([id, ids]) => [id, ids.filter((x) => x !== classId)])));
        }}
        onNext={() => go('students')}
        heldIn={(classId) => heldIn(held, classId)}
        waitingFor={(classId) => onWaitlistText(waitlist.data?.entries, classId, family)}
      />
    );
  }

  if (students.isPending) return <Loading label={`Loading your ${studentTerm.toLowerCase()}s`} />;
  if (students.isLoadingError) return <QueryError query={students} />;
  if (page === 'students' || choices.length === 0) {
    return (
      <FamilyStudentsStep
        students={family}
        companyName={companyName}
        studentTerm={studentTerm}
        chosen={classes}
        assigned={assigned}
        // A child already in a class chosen is not offered it again (the checkout would refuse it).
        enrolledIn={(studentId, classId) => family.some((s) => s.StudentID === studentId && s.ClassIDs.includes(classId))}
        waitingIn={(studentId, classId) => waitingIn(waitlist.data?.entries, classId).includes(studentId)}
        onToggle={(studentId, classId, on) =>
          setAssigned((a) => {
            const ids = (a[studentId] ?? []).filter((id) => id !== classId);
            return { ...a, [studentId]: on ? [...ids, classId] : ids };
          })
        }
        onChangeClasses={() => go('addClasses')}
        step={stepOf('students')}
        onNext={() => go(agreements.isSuccess && toSign.length === 0 ? 'checkout' : 'agreements')}
        onBack={() => go('addClasses')}
      />
    );
  }

  if (agreements.isPending) return <Loading label="Loading the agreements" />;
  if (agreements.isLoadingError) return <QueryError query={agreements} />;
  const answers = signed ?? (toSign.length === 0 ? [] : null);
  if (page === 'checkout' && answers !== null) {
    const base = { profile: profileId, classes: choices, agreements: answers };
    return (
      <CheckoutStep
        quote={quote}
        waitlist={choices.filter((c) => c.waitlist).map((c) => `${nameOf(c.StudentID)?.FirstName ?? ''} – ${classes.find((x) => x.ClassID === c.ClassID)?.Name ?? ''}`)}
        enrolling={choices.some((c) => !c.waitlist)}
        option={option}
        onOptionChange={setOption}
        busy={payment.busy}
        error={payment.error}
        onDismissError={payment.dismissError}
        challenge={payment.challenge}
        onDecide={(approve) => void payment.decide(approve)}
        onHoldExpired={() => {
          payment.resendAfterHoldExpired();
          void quote.refetch();
        }}
        onPayCard={(card) => void payment.pay({ ...base, direct_debit_payment: false }, card)}
        savedCard={savedCard}
        onPaySaved={() => void payment.pay({ ...base, direct_debit_payment: false, useSavedCard: true })}
        onPayBank={(bank) => void payment.pay({ ...base, direct_debit_payment: true, ...(bank ? { bank } : {}) })}
        onSubmitFree={() => void payment.pay({ ...base, direct_debit_payment: byDebit })}
        step={stepOf('checkout')}
        onBack={() => go(toSign.length > 0 ? 'agreements' : 'students')}
        onChooseClasses={chooseClassesAgain}
        classNameOf={(id) => classes.find((c) => c.ClassID === id)?.Name ?? 'A class'}
        taken={taken}
      />
    );
  }

  return (
    <AgreementsStep
      agreements={toSign}
      marketingQuestion=""
      showCaptcha={false}
      registrationToken=""
      agreed={agreed}
      onAgreedChange={(id, on) => setAgreed((a) => ({ ...a, [id]: on }))}
      marketing={null}
      onMarketingChange={() => undefined}
      step={stepOf('agreements')}
      submitting={false}
      submitLabel="Next"
      error={null}
      onDismissError={() => undefined}
      onSubmit={(list) => {
        setSigned(list);
        go('checkout');
      }}
      onExpired={() => undefined}
      onBack={() => go('students')}
    />
  );
}

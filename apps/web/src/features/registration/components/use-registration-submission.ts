import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { waitingRoomQueryOptions } from '../api/waiting-room';
import type { FormFieldsAnswer } from '@portal/shared/form-config';
import type { FormContext } from '@portal/shared/form-engine/form-context';
import { buildFormSchema, formPayload } from '@portal/shared/form-engine/form-schema';
import { registrationMessages as rm, type RegistrationAnswer, type RegistrationClass, type RegistrationSubmission } from '@portal/shared/registration-schemas';
import type { CardDetails } from '@/components/forms/card-form';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { ocrProfileQueryOptions, type RegistrationProfile } from '@/entities/classes/get-ocr-profile';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { resetIdentity } from '@/entities/customer/identity';
import { attemptErrorMessage, newIdempotencyKey, openChallengeOf, outcomeUnknown, type OpenChallenge } from '@/lib/payment-attempt';
import { decideChallenge, recordRegistrationCard, registrationGateway, tokeniseCard } from '@/entities/payments/payment-gateway';
import { isStripeCard, STRIPE_STEP_FAILED, useStripeStep, type StripeCard } from '@/lib/stripe';
import { registrationQuotesKey } from '../api/get-registration-quote';
import { useSubmitRegistration } from '../api/submit-registration';
import type { RegistrationPage, RegistrationState, useRegistrationState } from '../lib/registration-state';
import type { AgreementAnswer } from './agreements-step';
import type { EnrolledStudent } from './class-registration-step';
import type { RegistrationDoneReason } from './registration-done';
import { studentLabel } from './students-list-step';

/** The registration the server completed: what the last page shows. */
interface Completed {
  students: EnrolledStudent[];
  answer: RegistrationAnswer;
}

/**
 * The last page, kept in the tab for an hour so a reload shows it again with its invoice and
 * receipt (issue 25, 6); after that the link is the signed-in family's own registration again.
 */
const COMPLETED_KEPT_MS = 60 * 60 * 1000;
const completedKey = (storageKey: string) => `${storageKey}:completed`;
function readCompleted(storageKey: string): Completed | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(completedKey(storageKey)) ?? 'null') as { at: number; completed: Completed } | null;
    return kept && Date.now() - kept.at < COMPLETED_KEPT_MS ? kept.completed : null;
  } catch {
    return null;
  }
}
function keepCompleted(storageKey: string, completed: Completed) {
  try {
    window.sessionStorage.setItem(completedKey(storageKey), JSON.stringify({ at: Date.now(), completed }));
  } catch {
    // Storage full or blocked: the page shows now, and a reload finds the family signed in.
  }
}

interface RegistrationSubmissionOptions {
  /** Where the registration keeps its state in the tab (registrationStorageKey). */
  storageKey: string;
  profile: RegistrationProfile;
  withClasses: boolean;
  skipStudents: boolean;
  studentTerm: string;
  state: RegistrationState;
  update: ReturnType<typeof useRegistrationState>[1];
  clear: () => void;
  go: (page: RegistrationPage) => void;
  /** The proved address lapsed: the visitor proves it again on the form, told why. */
  expire: (message: string) => void;
  context: FormContext;
  /** The forms' configurations; the customer's is loaded before anything can be submitted. */
  customerFields: FormFieldsAnswer | undefined;
  studentFields: FormFieldsAnswer | undefined;
  registrationClasses: RegistrationClass[];
}

/**
 * N30, U8: sending the registration, once, and its payment: the agreements' answers kept for the
 * checkout, one idempotency key per attempt, the card tokenised once per card, a challenge step
 * decided and the same submission sent again, and what each refusal leads to.
 */
export function useRegistrationSubmission(options: RegistrationSubmissionOptions) {
  const { storageKey, profile, withClasses, skipStudents, studentTerm, state, update, clear, go, expire, context, customerFields, studentFields, registrationClasses } = options;
  const profileId = profile.OCRProfileID;
  const submission = useSubmitRegistration();
  // Paying: tokenising the card, or a challenge being decided, before or between submissions.
  const [paying, setPaying] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // The last submission was refused because a class filled up meanwhile: the family chooses again.
  const [classFull, setClassFull] = useState(false);
  // The agreements' answers, signatures included, kept for the checkout in memory only (decision 048).
  const [signed, setSigned] = useState<AgreementAnswer[] | null>(null);
  const [challenge, setChallenge] = useState<OpenChallenge | null>(null);
  const [completed, setCompleted] = useState<Completed | null>(() => readCompleted(storageKey));
  // Set once the server says this registration or its address is already done; the stored state is gone by then.
  const [done, setDone] = useState<RegistrationDoneReason | null>(null);
  // One key per attempt: a retry of the same body (its answer was lost, or a challenge was decided) reuses it.
  // Kept until the server answers it for good; a refusal for good ends it, and the next try is a new attempt.
  const attempt = useRef<{ key: string; body: string; submission: RegistrationSubmission } | null>(null);
  // The card last tokenised (in memory only): the same card paid again goes with the same token.
  const tokenised = useRef<{ card: string; id: string } | null>(null);
  const stripeStep = useStripeStep();
  const queryClient = useQueryClient();

  /** The submission's body from what the pages hold, or null when a page must be seen again first (it opens). */
  const bodyOf = (answers: AgreementAnswer[]): RegistrationSubmission | null => {
    if (!customerFields) return null;
    const parsed = buildFormSchema('customer', customerFields, context).safeParse(state.customer);
    if (!parsed.success) {
      go('addCustomer');
      return null;
    }
    const students = [];
    if (!skipStudents && studentFields) {
      const schema = buildFormSchema('student', studentFields, context);
      for (const [index, values] of state.students.entries()) {
        const student = schema.safeParse(values);
        if (!student.success) {
          update({ editing: index });
          go('addStudent');
          return null;
        }
        students.push(formPayload(student.data));
      }
    }
    return {
      registration_token: state.proof!.token,
      profile: profileId,
      customer: formPayload(parsed.data),
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
    const sent = attempt.current;
    if (asked && sent) {
      // A Stripe card: Stripe.js takes the step in the page, then the same submission goes again.
      const step = stripeStep.take(asked.id, sent.key, () => send(sent.submission, captchaAgain));
      if (step === 'taken') return;
      if (step === 'failed') {
        setSubmitError(STRIPE_STEP_FAILED);
        return;
      }
    }
    if (asked) {
      setChallenge(asked);
      return;
    }
    // Without a class step the students registered are listed without classes (none without students).
    const enrolled = state.students.map((values, i) => ({
      name: studentLabel(values, i, studentTerm),
      classes: withClasses ? (state.studentClasses[i] ?? []).flatMap((id) => state.classes.filter((c) => c.ClassID === id)) : [],
    }));
    // A condition typed in a child's form joined the company's medical list (decision 065): the portal's forms read the list again.
    const typedCondition = sent?.submission.students.some((s) => String(s.AdditionalMedicalConditions ?? '').trim() !== '') ?? false;
    clear();
    attempt.current = null;
    setChallenge(null);
    setSigned(null);
    // The new family is signed in: nothing the guest loaded survives, and its first action is to set a password.
    resetIdentity(queryClient, { user: answer.user ?? null, company: 'keep' });
    if (typedCondition) void queryClient.invalidateQueries({ queryKey: companyConfigQueryOptions.queryKey });
    // The turn in the waiting room is used: its countdown goes now, not at the next question.
    void queryClient.invalidateQueries({ queryKey: waitingRoomQueryOptions(profileId).queryKey });
    // The last page stays on this route, drawn with the profile the guest loaded.
    queryClient.setQueryData(ocrProfileQueryOptions(profileId).queryKey, profile);
    setCompleted({ students: enrolled, answer });
    keepCompleted(storageKey, { students: enrolled, answer });
    window.scrollTo({ top: 0, behavior: 'smooth' });
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
    setClassFull(code === 'CLASS_FULL');
    setSubmitError(attemptErrorMessage(e));
  };

  const send = (body: RegistrationSubmission, captchaLapsed: () => void) => {
    setSubmitError(null);
    setClassFull(false);
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { key: newIdempotencyKey(), body: json, submission: body };
    submission.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: finish,
        onError: (e) => {
          refused(e, captchaLapsed);
          // A card declined at Pay gave the places back to the registration, held on from the checkout: the quote, asked again, says until when (decision 109).
          if (withClasses && e instanceof ApiRequestError && e.status === 402) void queryClient.invalidateQueries({ queryKey: registrationQuotesKey });
        },
      },
    );
  };

  /** The agreements page's Submit (or Next, with classes). */
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

  const tokenFor = async (card: CardDetails | StripeCard, registrationToken: string) => {
    const details = JSON.stringify([registrationToken, card]);
    const made = () => (isStripeCard(card) ? recordRegistrationCard(card.paymentMethod, registrationToken) : tokeniseCard(card, registrationGateway(registrationToken)));
    if (tokenised.current?.card !== details) tokenised.current = { card: details, id: (await made()).id };
    return tokenised.current.id;
  };

  /** The checkout's Pay (or Submit with nothing to pay): the signed registration with its payment. */
  const pay = async (extra: Partial<RegistrationSubmission>, card?: CardDetails | StripeCard) => {
    // An attempt whose answer never came is sent again as it stands, same key: the server may be paying it.
    const unanswered = attempt.current;
    if (unanswered) {
      send(unanswered.submission, captchaAgain);
      return;
    }
    const base = signed === null ? null : bodyOf(signed);
    if (!base) return;
    setSubmitError(null);
    setPaying(true);
    stripeStep.paidWith(card);
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

  // The server lets the held places go at this instant, but keeps the family until the same submission is
  // asked again: it is refused then (HOLD_EXPIRED) and the family removed, and only then can a new attempt begin.
  const resendAfterHoldExpired = () => {
    const sent = attempt.current;
    if (sent) send(sent.submission, captchaAgain);
  };

  return {
    signed,
    completed,
    done,
    challenge,
    paying,
    sending: submission.isPending,
    error: submitError,
    // Kept when the message is dismissed (the error box dismisses itself): Pay would be refused again.
    classFull,
    dismissError: () => setSubmitError(null),
    /** The family goes back to choose its classes again. */
    choosingAgain: () => {
      setSubmitError(null);
      setClassFull(false);
    },
    submit,
    pay,
    decide,
    resendAfterHoldExpired,
  };
}

import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { waitingRoomKey } from '../api/waiting-room';
import type { OcrClassAnswer, OcrClassRequest } from '@portal/shared/registration-schemas';
import type { CardDetails } from '@/components/forms/card-form';
import { ApiRequestError } from '@/lib/api-client';
import { attemptErrorMessage, newIdempotencyKey, openChallengeOf, outcomeUnknown, type OpenChallenge } from '@/lib/payment-attempt';
import { decideChallenge, tokeniseCard } from '@/entities/payments/payment-gateway';
import { isStripeCard, STRIPE_STEP_FAILED, useStripeStep, type StripeCard } from '@/lib/stripe';
import { ocrClassQuotesKey, useSubmitOcrClass } from '../api/ocr-class';

/**
 * F16, R49: an existing family's class registration sent with its payment, as the new family's
 * is: one Idempotency-Key per attempt (a lost answer, or a decided challenge step, sends the same
 * attempt again), the card tokenised once per card for the signed-in client, and each refusal
 * shown in the checkout's error box.
 */
export function useOcrClassPayment(onCompleted: (answer: OcrClassAnswer) => void) {
  const submission = useSubmitOcrClass();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<OpenChallenge | null>(null);
  // A class that filled since the family chose it: the checkout offers the class step again.
  const [classFull, setClassFull] = useState(false);
  const attempt = useRef<{ key: string; body: string; request: OcrClassRequest } | null>(null);
  const tokenised = useRef<{ card: string; id: string } | null>(null);
  const stripeStep = useStripeStep();

  const refused = (e: unknown) => {
    setChallenge(null);
    // An unknown outcome is sent again as it stands; any other answer is final and the next try is a new attempt.
    if (!outcomeUnknown(e)) attempt.current = null;
    if (e instanceof ApiRequestError && e.code === 'CARD_TOKEN_INVALID') tokenised.current = null;
    setClassFull(e instanceof ApiRequestError && e.code === 'CLASS_FULL');
    setError(attemptErrorMessage(e));
  };

  const send = (request: OcrClassRequest) => {
    setError(null);
    setClassFull(false);
    const json = JSON.stringify(request);
    if (attempt.current?.body !== json) attempt.current = { key: newIdempotencyKey(), body: json, request };
    submission.mutate(
      { body: request, idempotencyKey: attempt.current.key },
      {
        onSuccess: (answer) => {
          const asked = openChallengeOf(answer.payment);
          const sent = attempt.current;
          // A Stripe card: Stripe.js takes the step in the page, then the same attempt goes again.
          const step = asked && sent ? stripeStep.take(asked.id, sent.key, () => send(sent.request)) : 'none';
          if (step === 'taken') return;
          if (step === 'failed') {
            setError(STRIPE_STEP_FAILED);
            return;
          }
          if (asked) {
            setChallenge(asked);
            return;
          }
          attempt.current = null;
          setChallenge(null);
          // The turn in the waiting room is used: its countdown goes now, not at the next question.
          void queryClient.invalidateQueries({ queryKey: waitingRoomKey });
          onCompleted(answer);
        },
        onError: (e) => {
          refused(e);
          // A card declined at Pay left the cart's places held on from the checkout: the quote, asked again, says until when (decision 109).
          if (e instanceof ApiRequestError && e.status === 402) void queryClient.invalidateQueries({ queryKey: ocrClassQuotesKey });
        },
      },
    );
  };

  /** Pay (or Submit with nothing to pay): `base` with the payment option, and the card tokenised where one is given. */
  const pay = async (base: OcrClassRequest, card?: CardDetails | StripeCard) => {
    const unanswered = attempt.current;
    if (unanswered) {
      send(unanswered.request);
      return;
    }
    setError(null);
    setPaying(true);
    stripeStep.paidWith(card);
    try {
      let cardToken: string | undefined;
      if (card && isStripeCard(card)) {
        cardToken = card.paymentMethod;
      } else if (card) {
        const details = JSON.stringify(card);
        if (tokenised.current?.card !== details) tokenised.current = { card: details, id: (await tokeniseCard(card)).id };
        cardToken = tokenised.current.id;
      }
      send({ ...base, ...(cardToken ? { cardToken } : {}) });
    } catch (e) {
      refused(e);
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
      await decideChallenge(open.id, approve);
    } catch {
      // The submission's own answer below says what happened.
    }
    setPaying(false);
    setChallenge(null);
    send(sent.request);
  };

  const resendAfterHoldExpired = () => {
    const sent = attempt.current;
    if (sent) send(sent.request);
  };

  return {
    pay,
    decide,
    resendAfterHoldExpired,
    challenge,
    // Kept when the message is dismissed (the error box dismisses itself): Pay would be refused again.
    classFull,
    busy: paying || submission.isPending,
    error,
    dismissError: () => setError(null),
    /** The family goes back to choose its classes again. */
    choosingAgain: () => {
      setError(null);
      setClassFull(false);
    },
  };
}

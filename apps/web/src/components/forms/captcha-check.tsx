import { useCallback, useEffect, useId, useRef } from 'react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { contactEndpoints } from '@portal/shared/endpoints/contact';

const CHALLENGE_URL = contactEndpoints.captchaChallenge.path;
/** No "Protected by ALTCHA" line, and no pointer or scroll events collected: they serve ALTCHA's hosted service only. */
const CONFIGURATION = JSON.stringify({ hideFooter: true, humanInteractionSignature: false });

/** Loaded with the first captcha shown, not with the page that might show one. */
const defineWidget = () => import('./altcha-element');

/**
 * The widget's answer as a submit handler needs it (`answer()`): the one it has, or, while it is
 * still verifying (Send or Pay pressed straight after ticking it), the one it is about to give.
 * `onSolved` goes to CaptchaCheck; `answered` is told each answer, as CaptchaCheck's own would be.
 */
export function useCaptchaAnswer(answered?: (payload: string | undefined) => void) {
  const state = useRef<{ payload: string | undefined; verifying: boolean; waiting: ((payload: string | undefined) => void)[] }>({ payload: undefined, verifying: false, waiting: [] });
  const told = useRef(answered);
  useEffect(() => {
    told.current = answered;
  });
  const onSolved = useCallback((payload: string | undefined, verifying?: boolean) => {
    const s = state.current;
    s.payload = payload;
    s.verifying = verifying === true;
    told.current?.(payload);
    if (s.verifying) return;
    const waiting = s.waiting;
    s.waiting = [];
    for (const resolve of waiting) resolve(payload);
  }, []);
  const answer = useCallback((): Promise<string | undefined> => (state.current.verifying ? new Promise((resolve) => state.current.waiting.push(resolve)) : Promise.resolve(state.current.payload)), []);
  return { onSolved, answer };
}

/**
 * "I'm not a robot": ALTCHA's widget (decision 052). Ticking it fetches a challenge from our
 * server and works it out in the page (a proof of work in a worker, nothing sent to a third
 * party). The widget's payload is handed up once verified, undefined whenever it is not (again
 * unticked, expired); `resetKey` changing (after the payload was sent) starts over, since each
 * solution is accepted once. `error` is the form's message about the check.
 */
export function CaptchaCheck({
  onSolved,
  error,
  resetKey,
}: {
  /** `verifying` says the widget is still working out its answer (it calls again when it has one, or has given up). */
  onSolved: (payload: string | undefined, verifying?: boolean) => void;
  error?: string | undefined;
  resetKey: number;
}) {
  const widget = useRef<AltchaWidgetElement>(null);
  const errorId = useId();
  const solvedRef = useRef(onSolved);
  useEffect(() => {
    solvedRef.current = onSolved;
  });

  useEffect(() => {
    void defineWidget();
    const element = widget.current!;
    const changed = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string | null }>).detail;
      solvedRef.current(state === 'verified' && payload ? payload : undefined, state === 'verifying');
    };
    element.addEventListener('statechange', changed);
    return () => element.removeEventListener('statechange', changed);
  }, []);

  const round = useRef(resetKey);
  useEffect(() => {
    if (round.current === resetKey) return;
    round.current = resetKey;
    // Defined and drawn by now: only a solved (so loaded) widget is ever started over.
    widget.current?.reset?.();
    solvedRef.current(undefined);
  }, [resetKey]);

  // The form's message names the widget's own checkbox, as a field's message names its input.
  useEffect(() => {
    const element = widget.current!;
    const describe = () => {
      const box = element.querySelector('input[type="checkbox"]');
      if (!box) return;
      if (error) {
        box.setAttribute('aria-describedby', errorId);
        box.setAttribute('aria-invalid', 'true');
      } else {
        box.removeAttribute('aria-describedby');
        box.removeAttribute('aria-invalid');
      }
    };
    describe();
    element.addEventListener('load', describe);
    return () => element.removeEventListener('load', describe);
  }, [error, errorId]);

  return (
    <div>
      <altcha-widget ref={widget} challenge={CHALLENGE_URL} configuration={CONFIGURATION} data-invalid={error ? true : undefined} />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

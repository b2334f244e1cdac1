import { useEffect, useId, useRef, useState } from 'react';
import type { CaptchaSolution } from '@portal/shared/contact-schemas';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';
import { ShieldCheckIcon } from 'lucide-react';
import { getCaptchaChallenge } from '@/entities/captcha/get-captcha-challenge';
import { solveChallenge } from '@/lib/solve-challenge';

type State = { step: 'idle' } | { step: 'working' } | { step: 'done'; solution: CaptchaSolution } | { step: 'failed'; message: string };

/**
 * "I'm not a robot": ticking it fetches a challenge and works it out in the page (a proof of
 * work, nothing sent to a third party). `solution` is handed up once found; `resetKey` changing
 * (after a message was sent with it) starts over, since each solution is accepted once.
 */
export function CaptchaCheck({ onSolved, error, resetKey }: { onSolved: (solution: CaptchaSolution | undefined) => void; error?: string | undefined; resetKey: number }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const id = useId();
  const abort = useRef<AbortController | null>(null);
  const solvedRef = useRef(onSolved);
  useEffect(() => {
    solvedRef.current = onSolved;
  });

  useEffect(() => {
    abort.current?.abort();
    setState({ step: 'idle' });
    solvedRef.current(undefined);
  }, [resetKey]);
  useEffect(() => () => abort.current?.abort(), []);

  async function start() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'working' });
    try {
      const solution = await solveChallenge(await getCaptchaChallenge(controller.signal), controller.signal);
      if (controller.signal.aborted) return;
      if (!solution) throw new Error('The check could not be completed. Please try again.');
      setState({ step: 'done', solution });
      solvedRef.current(solution);
    } catch (e) {
      if (controller.signal.aborted) return;
      setState({ step: 'failed', message: errorMessage(e) });
    }
  }

  const checked = state.step === 'working' || state.step === 'done';
  const message = state.step === 'failed' ? state.message : error;
  return (
    <div>
      <div className={cn('flex items-center gap-3 rounded-lg border bg-surface px-3.5 py-3', message ? 'border-danger' : 'border-line-strong')}>
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 accent-[var(--brand-solid)]"
          checked={checked}
          aria-describedby={message ? `${id}-status ${id}-error` : `${id}-status`}
          aria-invalid={message ? true : undefined}
          // Once ticked it stays ticked (focus stays on it too): the check runs, then holds until sent.
          onChange={() => {
            if (!checked) void start();
          }}
        />
        <label htmlFor={id} className="flex-1 text-sm font-medium text-ink">
          I’m not a robot
        </label>
        <span id={`${id}-status`} aria-live="polite" className="flex items-center gap-1.5 text-xs text-muted">
          {state.step === 'working' ? (
            <>
              <Spinner size="sm" label="" />
              Checking…
            </>
          ) : state.step === 'done' ? (
            <>
              <ShieldCheckIcon aria-hidden="true" className="size-4 text-success" />
              Verified
            </>
          ) : null}
        </span>
      </div>
      {message ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger">
          {message}
        </p>
      ) : null}
    </div>
  );
}

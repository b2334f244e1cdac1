import { useEffect, useRef } from 'react';
import { ERROR_BOX_MS, REGISTRATION_ERROR_BOX_MS } from '@portal/shared/constants';
import { messages } from '@portal/shared/messages';
import { cn } from '@/lib/cn';
import { CircleAlertIcon, XIcon } from 'lucide-react';

export interface ErrorBoxProps {
  /** Nothing renders while null/empty. Set a new value (even the same text) to show it again. */
  message: string | null | undefined;
  onDismiss: () => void;
  /** Registration forms keep the box 6 s instead of 5 s (D2 §4). */
  variant?: 'default' | 'registration';
  className?: string;
}

/**
 * The dismissible red box of D2 §2. It hides itself after 5 s (6 s on registration forms),
 * except "Invalid credentials", which stays until dismissed so the user can read it.
 */
export function ErrorBox({ message, onDismiss, variant = 'default', className = '' }: ErrorBoxProps) {
  const sticky = message === messages.invalidCredentials;
  const duration = variant === 'registration' ? REGISTRATION_ERROR_BOX_MS : ERROR_BOX_MS;

  // onDismiss is usually an inline closure; keeping it in a ref means only a new message
  // restarts the timer, not every re-render of the form.
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  // A refusal shows where the page keeps its errors, often the top of a long page while the tap
  // was at its foot (Pay on a phone): each new message is brought into view, clear of the sticky bar.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) box.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [message]);

  useEffect(() => {
    if (!message || sticky) return;
    const timer = window.setTimeout(() => dismissRef.current(), duration);
    return () => window.clearTimeout(timer);
  }, [message, sticky, duration]);

  if (!message) return null;
  return (
    <div ref={box} role="alert" className={cn('flex scroll-mt-20 items-start gap-3 rounded-lg border border-danger-line bg-danger-surface px-3.5 py-3 text-sm text-danger', className)}>
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="min-w-0 flex-1 font-medium wrap-anywhere">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss error"
        className="-my-1 -mr-1.5 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-danger hover:bg-danger-surface"
      >
        <XIcon aria-hidden="true" className="size-4" strokeWidth={2.2} />
      </button>
    </div>
  );
}

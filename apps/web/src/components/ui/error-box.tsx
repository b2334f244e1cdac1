import { useEffect, useRef } from 'react';
import { ERROR_BOX_MS, REGISTRATION_ERROR_BOX_MS } from '@portal/shared/constants';
import { messages } from '@portal/shared/messages';
import { cn } from '@/lib/cn';

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

  useEffect(() => {
    if (!message || sticky) return;
    const timer = window.setTimeout(() => dismissRef.current(), duration);
    return () => window.clearTimeout(timer);
  }, [message, sticky, duration]);

  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn('flex items-start gap-3 rounded-lg border border-danger-line bg-danger-surface px-3.5 py-3 text-sm text-danger', className)}
    >
      <svg viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 100-16 8 8 0 000 16zM9 6a1 1 0 112 0v4a1 1 0 11-2 0V6zm1 8.5a1.25 1.25 0 100-2.5 1.25 1.25 0 000 2.5z"
          clipRule="evenodd"
        />
      </svg>
      <p className="min-w-0 flex-1 font-medium wrap-anywhere">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss error"
        className="-my-1 -mr-1.5 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-danger hover:bg-danger-surface"
      >
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={2.2} aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

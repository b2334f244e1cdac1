import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { EyeIcon, EyeOffIcon } from 'lucide-react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Adds the show/hide toggle (D1 §5: every password field has one). */
  revealable?: boolean;
  /** Shown at the end of the label's line and read with the field (a card's brand); told again when it changes. */
  suffix?: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
}

/**
 * Label, input and message wired together (aria-invalid, aria-describedby), so
 * react-hook-form's `register()` can be spread straight onto it.
 */
export function TextField({ label, error, hint, revealable, suffix, type = 'text', id, className = '', ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const suffixId = `${inputId}-suffix`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  // The hint gives way to the error: only what is on screen is named.
  const describedBy = [suffix ? suffixId : null, error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      {suffix !== undefined ? (
        // Beside the label, not inside the box: a phone's box then shows all of a card number, whatever the brand's name.
        <div className="mb-1.5 flex items-baseline justify-between gap-3">
          <label htmlFor={inputId} className="block text-sm font-medium text-ink">
            {label}
          </label>
          <span id={suffixId} aria-live="polite" className="text-sm font-semibold text-ink-soft">
            {suffix}
          </span>
        </div>
      ) : (
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
          {label}
        </label>
      )}
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={isPassword && revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'block min-h-11 w-full rounded-lg border bg-surface px-3.5 py-2.5 text-base text-ink shadow-xs transition-colors placeholder:text-muted focus:outline-none focus-visible:outline-none focus:ring-3 disabled:bg-surface-muted disabled:text-muted read-only:bg-surface-muted sm:text-sm',
            error ? 'border-danger focus:border-danger focus:ring-danger/40' : 'border-line-strong focus:border-brand-500 focus:ring-brand-500/25',
            isPassword && revealable ? 'pr-12' : '',
          )}
          {...rest}
        />
        {isPassword && revealable ? (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            aria-label={revealed ? 'Hide password' : 'Show password'}
            aria-pressed={revealed}
            aria-controls={inputId}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted hover:text-ink"
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </div>
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import type { ReactNode } from 'react';

/** Shared look of a control's box: the same border, focus ring and error colour as TextField. */
export function controlClasses(error: boolean): string {
  return [
    'block min-h-11 w-full rounded-lg border bg-surface px-3.5 py-2.5 text-base text-ink shadow-xs transition-colors focus:outline-none focus-visible:outline-none focus:ring-3 disabled:bg-surface-muted disabled:text-muted sm:text-sm',
    error ? 'border-danger focus:border-danger focus:ring-danger/40' : 'border-line-strong focus:border-brand-500 focus:ring-brand-500/25',
  ].join(' ');
}

/** The ids a control and its messages share (aria-describedby). */
export function fieldIds(id: string) {
  return { error: `${id}-error`, hint: `${id}-hint` };
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = fieldIds(id);
  return [error ? ids.error : null, hint && !error ? ids.hint : null].filter(Boolean).join(' ') || undefined;
}

/** A mark a sighted user reads as "required"; screen readers hear aria-required on the control. */
export function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span aria-hidden="true" className="ml-0.5 text-danger">
      *
    </span>
  ) : null;
}

/** The hint and the error message under a control. */
export function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  const ids = fieldIds(id);
  return (
    <>
      {hint && !error ? (
        <p id={ids.hint} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

import { useId, type ReactNode } from 'react';

/**
 * A value the customer sees and cannot change (a level the school sets, decision 076): its label
 * and the value as text, not a control, with a line on who sets it.
 */
export function ShownValue({ label, value, note, className = '' }: { label: ReactNode; value: string; note?: string; className?: string }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} className={className}>
      <p id={`${id}-label`} className="mb-1.5 text-sm font-medium text-ink">
        {label}
      </p>
      <p className="flex min-h-11 items-center rounded-lg bg-surface-muted px-3.5 py-2.5 text-base text-ink sm:text-sm">{value}</p>
      {note ? <p className="mt-1.5 text-xs text-muted">{note}</p> : null}
    </div>
  );
}

import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { controlClasses, describedBy, FieldMessages, RequiredMark } from './field-frame';

export interface SelectOption {
  value: string | number;
  label: string;
  /** Shown but not choosable; its label says why. */
  disabled?: boolean;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The empty first choice; none when the field always has a value. */
  placeholder?: string | null;
  error?: string;
  hint?: ReactNode;
  ref?: React.Ref<HTMLSelectElement>;
}

/** A native select (keyboard, screen readers and phones' own pickers for free), wired like TextField. */
export function SelectField({ label, options, placeholder = 'Select…', error, hint, id, className = '', required, ref, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
        <RequiredMark required={required} />
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(selectId, error, hint)}
          className={cn(controlClasses(Boolean(error)), 'appearance-none pr-10')}
          {...rest}
        >
          {placeholder !== null ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted" />
      </div>
      <FieldMessages id={selectId} error={error} hint={hint} />
    </div>
  );
}

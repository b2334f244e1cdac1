import { useId, useState, type FocusEvent, type ReactNode, type Ref } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { useCompanyConfig } from '@/entities/company/get-company-config';
import { controlClasses, describedBy, FieldMessages, RequiredMark } from './field-frame';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface DatePartsFieldProps {
  label: string;
  /** yyyy-MM-dd, or "" when no date is chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The latest date offered (yyyy-MM-dd); the year list runs back `years` years from it. */
  max: string;
  years: number;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Given the first drop-down (the day, or the month where it comes first), so a form sent with this date wrong can take the focus to it. */
  fieldRef?: Ref<HTMLSelectElement>;
}

function split(value: string): { year: string; month: string; day: string } {
  const [year = '', month = '', day = ''] = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-') : [];
  return { year, month, day };
}

/**
 * A date as day, month and year drop-downs (E13): the year list spans `years` years up to `max`,
 * so a date of birth is two choices away on a phone, and every part is reachable by keyboard.
 * A date chosen only in part is kept as typed (yyyy-MM-dd with the gaps empty) and so fails the
 * form's date rule with its message, rather than being silently dropped.
 */
export function DatePartsField({ label, value, onChange, onBlur, max, years, required, disabled, error, hint, className = '', fieldRef }: DatePartsFieldProps) {
  const id = useId();
  const [parts, setParts] = useState(() => split(value));
  // A new value from outside (a reset, a loaded record) wins over what was being chosen.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)) setParts(split(value));
  }
  // In the order the company writes its dates: month first where dates read MM/dd/yyyy (a US academy).
  const monthFirst = useCompanyConfig().data?.localization.DateFormat?.startsWith('MM') === true;
  const maxYear = Number(max.slice(0, 4));
  const yearList = Array.from({ length: years }, (_, i) => String(maxYear - i));
  const daysInMonth = parts.year && parts.month ? new Date(Date.UTC(Number(parts.year), Number(parts.month), 0)).getUTCDate() : 31;

  const change = (part: 'year' | 'month' | 'day', v: string) => {
    const next = { ...parts, [part]: v };
    setParts(next);
    const text = next.year || next.month || next.day ? `${next.year}-${next.month}-${next.day}` : '';
    setSeen(text);
    onChange(text);
  };

  const leave = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur?.();
  };

  const select = (part: 'day' | 'month' | 'year', name: string, options: { value: string; label: string }[], width: string) => (
    <div className={`relative ${width}`}>
      <label htmlFor={`${id}-${part}`} className="sr-only">
        {`${label}: ${name}`}
      </label>
      <select
        ref={part === (monthFirst ? 'month' : 'day') ? fieldRef : undefined}
        id={`${id}-${part}`}
        value={parts[part]}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => change(part, e.target.value)}
        className={`${controlClasses(Boolean(error))} appearance-none pr-7! pl-2.5!`}
      >
        <option value="">{name}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-muted" />
    </div>
  );

  const month = select(
    'month',
    'Month',
    MONTHS.map((m, i) => ({ value: String(i + 1).padStart(2, '0'), label: m })),
    'min-w-28 flex-1',
  );
  return (
    <fieldset className={className} onBlur={leave}>
      <legend className="mb-1.5 block text-sm font-medium text-ink">
        {label}
        <RequiredMark required={required} />
        {required ? <span className="sr-only"> (required)</span> : null}
      </legend>
      {/* Our own arrow in the padding it keeps clear (the browser's own sat over a four-digit year at 375 px): each box is
          wide enough for "Day", "September" and "2020" beside it; a narrow column wraps the year under. */}
      <div className="flex flex-wrap gap-2">
        {monthFirst ? month : null}
        {select(
          'day',
          'Day',
          Array.from({ length: daysInMonth }, (_, i) => String(i + 1).padStart(2, '0')).map((d) => ({ value: d, label: String(Number(d)) })),
          'w-18 shrink-0',
        )}
        {monthFirst ? null : month}
        {select(
          'year',
          'Year',
          yearList.map((y) => ({ value: y, label: y })),
          'w-22 shrink-0',
        )}
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </fieldset>
  );
}

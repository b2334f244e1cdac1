import { useId, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses, describedBy, FieldMessages, RequiredMark } from './field-frame';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: React.Ref<HTMLTextAreaElement>;
}

/** What is left of a box's length, said once the text is within a tenth of it; the browser stops typing at the limit. */
export function lengthLeft(length: number, max: number): string | null {
  const left = max - length;
  if (left > max / 10) return null;
  if (left <= 0) return `You have reached the limit of ${max.toLocaleString('en')} characters.`;
  return `${left.toLocaleString('en')} character${left === 1 ? '' : 's'} left`;
}

export function TextareaField({ label, error, hint, id, className = '', required, rows = 3, ref, maxLength, onChange, onFocus, ...rest }: TextareaFieldProps) {
  const autoId = useId();
  const areaId = id ?? autoId;
  // Read as the family types, and on focus (a value put back by the form, a draft, is there without a keystroke).
  const [length, setLength] = useState(0);
  const left = maxLength === undefined ? null : lengthLeft(length, maxLength);
  const countId = `${areaId}-count`;
  return (
    <div className={className}>
      <label htmlFor={areaId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
        <RequiredMark required={required} />
      </label>
      <textarea
        ref={ref}
        id={areaId}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={[describedBy(areaId, error, hint), left ? countId : null].filter(Boolean).join(' ') || undefined}
        className={cn(controlClasses(Boolean(error)), 'resize-y')}
        onChange={(event) => {
          setLength(event.target.value.length);
          onChange?.(event);
        }}
        onFocus={(event) => {
          setLength(event.target.value.length);
          onFocus?.(event);
        }}
        {...rest}
      />
      {/* Spoken only once it appears, within the last tenth: not a count read out at every keystroke of a short note. */}
      <p id={countId} aria-live="polite" className={cn('text-xs font-medium text-ink-soft', left ? 'mt-1.5' : 'sr-only')}>
        {left}
      </p>
      <FieldMessages id={areaId} error={error} hint={hint} />
    </div>
  );
}

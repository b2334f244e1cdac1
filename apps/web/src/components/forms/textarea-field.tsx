import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
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

export function TextareaField({ label, error, hint, id, className = '', required, rows = 3, ref, maxLength, onChange, ...rest }: TextareaFieldProps) {
  const autoId = useId();
  const areaId = id ?? autoId;
  // The box's length, read after every render: a form's reset, a draft put back or Discard sets the value without a keystroke.
  const box = useRef<HTMLTextAreaElement | null>(null);
  const [length, setLength] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render on purpose; an unchanged length renders nothing more.
  useLayoutEffect(() => {
    setLength(box.current?.value.length ?? 0);
  });
  const left = maxLength === undefined ? null : lengthLeft(length, maxLength);
  // Said to a screen reader once the typing pauses, not at every keystroke.
  const [spoken, setSpoken] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSpoken(left), 1_000);
    return () => clearTimeout(timer);
  }, [left]);
  const countId = `${areaId}-count`;
  return (
    <div className={className}>
      <label htmlFor={areaId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
        <RequiredMark required={required} />
      </label>
      <textarea
        ref={(el) => {
          box.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
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
        {...rest}
      />
      {left ? (
        <p id={countId} className="mt-1.5 text-xs font-medium text-ink-soft">
          {left}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {spoken}
      </p>
      <FieldMessages id={areaId} error={error} hint={hint} />
    </div>
  );
}

import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses, describedBy, FieldMessages, RequiredMark } from './field-frame';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: React.Ref<HTMLTextAreaElement>;
}

export function TextareaField({ label, error, hint, id, className = '', required, rows = 3, ref, ...rest }: TextareaFieldProps) {
  const autoId = useId();
  const areaId = id ?? autoId;
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
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(areaId, error, hint)}
        className={cn(controlClasses(Boolean(error)), 'resize-y')}
        {...rest}
      />
      <FieldMessages id={areaId} error={error} hint={hint} />
    </div>
  );
}

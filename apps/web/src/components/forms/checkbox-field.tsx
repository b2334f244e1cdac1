import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
}

export function CheckboxField({ label, id, className = '', ref, ...rest }: CheckboxFieldProps) {
  const autoId = useId();
  const boxId = id ?? autoId;
  return (
    <div className={cn('flex min-h-11 items-center gap-3', className)}>
      <input ref={ref} id={boxId} type="checkbox" className="size-5 shrink-0 rounded border-line-strong accent-primary" {...rest} />
      <label htmlFor={boxId} className="text-sm font-medium text-ink">
        {label}
      </label>
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { ChevronDownIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { controlClasses, describedBy, FieldMessages, RequiredMark } from './field-frame';
import { multiSelectSummary } from './multi-select-summary';
import type { SelectOption } from './select-field';

export interface MultiSelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  value: readonly (string | number)[];
  onChange: (value: (string | number)[]) => void;
  onBlur?: () => void;
  /** The word of the "{n} … selected" summary (S59); the label when not given. */
  summaryLabel?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  hint?: ReactNode;
  name?: string;
  className?: string;
}

/**
 * Several choices from a list: a button that summarises the choice (S59) and opens a list of
 * checkboxes. Radix moves focus into the list and back, and closes it on Escape.
 */
export function MultiSelectField({ label, options, value, onChange, onBlur, summaryLabel, required, disabled, error, hint, name, className = '' }: MultiSelectFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const [open, setOpen] = useState(false);
  const chosen = new Set(value.map(String));
  const names = options.filter((o) => chosen.has(String(o.value))).map((o) => o.label);
  const summary = multiSelectSummary(names, summaryLabel ?? label);

  const toggle = (option: SelectOption) => {
    const next = chosen.has(String(option.value)) ? value.filter((v) => String(v) !== String(option.value)) : [...value, option.value];
    // Keep the list's order, so the payload and the summary do not depend on the order of clicks.
    onChange(options.filter((o) => next.map(String).includes(String(o.value))).map((o) => o.value));
  };

  return (
    <div className={className}>
      <span id={labelId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
        <RequiredMark required={required} />
        {/* A button cannot be aria-required: say it in its name instead. */}
        {required ? <span className="sr-only"> (required)</span> : null}
      </span>
      <Popover.Root
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) onBlur?.();
        }}
      >
        <Popover.Trigger asChild disabled={disabled}>
          <button
            type="button"
            id={id}
            name={name}
            aria-labelledby={`${labelId} ${id}`}
            aria-describedby={describedBy(id, error, hint)}
            className={cn(controlClasses(Boolean(error)), 'flex items-center justify-between gap-2 text-left')}
          >
            <span className={cn('truncate', summary ? '' : 'text-muted')}>{summary || 'Select…'}</span>
            <ChevronDownIcon aria-hidden="true" className="size-4 shrink-0 text-muted" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content align="start" sideOffset={4} className="z-50 max-h-80 w-(--radix-popover-trigger-width) min-w-56 overflow-y-auto rounded-lg border border-line bg-surface p-2 shadow-lg">
            <fieldset>
              <legend className="sr-only">{label}</legend>
              {options.map((o) => {
                const optionId = `${id}-${String(o.value)}`;
                return (
                  <div key={String(o.value)} className="flex min-h-11 items-center gap-3 rounded-md px-2 hover:bg-surface-muted">
                    <input id={optionId} type="checkbox" className="size-5 shrink-0 accent-primary" checked={chosen.has(String(o.value))} onChange={() => toggle(o)} />
                    <label htmlFor={optionId} className="flex-1 py-2 text-sm text-ink">
                      {o.label}
                    </label>
                  </div>
                );
              })}
            </fieldset>
            <div className="mt-1 flex justify-end border-t border-line-soft pt-2">
              <Popover.Close className="min-h-9 rounded-button px-3 text-sm font-semibold text-primary-ink hover:bg-surface-muted">Done</Popover.Close>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base = 'inline-flex items-center justify-center gap-2 font-semibold transition-colors select-none ' + 'disabled:cursor-not-allowed disabled:opacity-60 rounded-button';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary shadow-sm hover:bg-primary-hover',
  secondary: 'border border-line-strong bg-surface text-ink shadow-sm hover:bg-canvas',
  ghost: 'text-ink-soft hover:bg-surface-muted',
  danger: 'bg-danger-solid text-white shadow-sm hover:bg-danger-solid-hover',
  // At least 24 px tall (WCAG 2.5.8); a link in a sentence sets `inline`, where no height applies.
  link: 'text-primary-ink underline-offset-4 hover:underline px-0! min-h-6!',
};

/* Touch targets a finger can hit on a phone: a small button is 40 px tall there (36 px from 640 px up), md 44 px. */
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-10 px-3 text-sm sm:min-h-9',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

/** Class names of a button, for links that look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return cn(base, variants[variant], sizes[size], extra);
}

/** A table row's link to the item it lists (View invoice, View enrollments): at least 24 px tall, a target a finger can hit (WCAG 2.5.8). */
export const ROW_LINK_CLASS =
  'inline-flex min-h-6 items-center gap-1 font-semibold text-primary-tint-ink hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  fullWidth?: boolean;
  icon?: ReactNode;
  ref?: React.Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', size = 'md', loading = false, fullWidth = false, icon, className = '', type = 'button', disabled, onClick, children, ...rest }: ButtonProps) {
  // Busy, the button is disabled and the browser drops the focus it had: once the answer comes, it is given back.
  // (Focusing a button removed or still disabled does nothing.)
  const pressed = useRef<HTMLButtonElement>(null);
  // An action still on its way (its handler's promise) takes no second press: a double tap comes before React draws the button busy.
  const running = useRef(false);
  useEffect(() => {
    if (!loading && document.activeElement === document.body) pressed.current?.focus();
  }, [loading]);
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, cn(fullWidth && 'w-full', className))}
      onClick={(e) => {
        pressed.current = e.currentTarget;
        if (running.current) {
          // A form's submit button too: the second press submits nothing.
          e.preventDefault();
          return;
        }
        const result: unknown = onClick?.(e);
        if (result instanceof Promise) {
          running.current = true;
          void result.finally(() => (running.current = false));
        }
      }}
      {...rest}
    >
      {loading ? <Spinner size="sm" label="" /> : icon}
      {children}
    </button>
  );
}

import type { ReactNode } from 'react';
import { formatBadge } from '@/lib/format';
import { cn } from '@/lib/cn';

export type BadgeTone = 'brand' | 'neutral' | 'blue' | 'green' | 'yellow' | 'red';

/* Text shades chosen for 4.5:1 contrast on their tinted backgrounds. */
const tones: Record<BadgeTone, string> = {
  brand: 'bg-primary-tint-strong text-primary-tint-ink',
  neutral: 'bg-surface-muted text-ink-soft',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  green: 'bg-success-surface text-success',
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  red: 'bg-danger-surface text-danger',
};

export function Badge({ tone = 'neutral', children, className = '' }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', tones[tone], className)}>{children}</span>;
}

/**
 * The little count on bells and the cart ("99+" from 100). Hidden from assistive tech:
 * the control it sits on carries the count in its own label.
 */
export function CountBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute -top-1 -right-1 flex size-badge items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-on-primary ring-2 ring-nav',
        className,
      )}
    >
      {formatBadge(count)}
    </span>
  );
}

import type { ReactNode } from 'react';
import { formatBadge } from '@/lib/format';

export type BadgeTone = 'brand' | 'neutral' | 'blue' | 'green' | 'yellow' | 'red';

/* Text shades chosen for 4.5:1 contrast on their tinted backgrounds. */
const tones: Record<BadgeTone, string> = {
  brand: 'bg-brand-100 text-brand-900',
  neutral: 'bg-slate-100 text-slate-700',
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-800',
};

export function Badge({ tone = 'neutral', children, className = '' }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[tone]} ${className}`}>
      {children}
    </span>
  );
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
      className={`pointer-events-none absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-on-brand ring-2 ring-nav ${className}`}
    >
      {formatBadge(count)}
    </span>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface ExpandableCardProps {
  /** Always visible, and the toggle's accessible name. */
  summary: ReactNode;
  children: ReactNode;
}

/** Mobile rows of the home lists (D2 §2): a tap reveals the details and the row's action. */
export function ExpandableCard({ summary, children }: ExpandableCardProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className={cn('overflow-hidden rounded-2xl border bg-surface transition-shadow', open ? 'border-primary-line shadow-md' : 'border-line shadow-sm')}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center gap-3 px-4 py-3.5 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="min-w-0 flex-1">{summary}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={cn('size-5 shrink-0 text-faint transition-transform duration-200', open ? 'rotate-180 text-primary-ink' : '')}>
          <path fillRule="evenodd" d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" clipRule="evenodd" />
        </svg>
      </button>
      <div id={panelId} hidden={!open} className="border-t border-line-soft bg-canvas/70 px-4 py-4">
        {children}
      </div>
    </li>
  );
}

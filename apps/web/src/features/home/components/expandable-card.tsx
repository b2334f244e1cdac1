import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ChevronDownIcon } from 'lucide-react';

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
        <ChevronDownIcon aria-hidden="true" className={cn('size-5 shrink-0 text-faint transition-transform duration-200', open ? 'rotate-180 text-primary-ink' : '')} />
      </button>
      <div id={panelId} hidden={!open} className="border-t border-line-soft bg-canvas/70 px-4 py-4">
        {children}
      </div>
    </li>
  );
}

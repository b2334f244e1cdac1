import { useEffect, useRef } from 'react';
import { CircleCheckIcon } from 'lucide-react';
import { STATUS_MESSAGE_MS } from '@portal/shared/constants';
import { cn } from '@/lib/cn';

/**
 * A form's success line ("Profile updated"), announced politely and gone after 6 s (K24, T20).
 * The live region stays in the page so screen readers hear each new message.
 */
export function StatusMessage({ message, onDismiss, className = '' }: { message: string | null; onDismiss: () => void; className?: string }) {
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message) return;
    // Shown where the family is looking: a line that opens at the screen's edge (beside a button low on a phone) is brought fully into view.
    region.current?.scrollIntoView?.({ block: 'nearest' });
    const timer = window.setTimeout(() => dismissRef.current(), STATUS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return (
    <div ref={region} role="status" aria-live="polite" className={message ? className : 'sr-only'}>
      {message ? (
        <p className={cn('flex items-center gap-2 rounded-lg border border-success-line bg-success-surface px-3.5 py-3 text-sm font-medium text-success')}>
          <CircleCheckIcon aria-hidden="true" className="size-5 shrink-0" />
          {message}
        </p>
      ) : null}
    </div>
  );
}

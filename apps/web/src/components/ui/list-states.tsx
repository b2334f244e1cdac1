import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { errorMessage, mayPassOnRetry } from '@/lib/api-client';

/** The spinner a paged list shows before its first page arrives. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-primary-ink">
      <Spinner label={label} />
    </div>
  );
}

/**
 * A query that failed: its message, and Try again only where asking again may answer otherwise (the
 * network, the server, a limit). A refusal (not allowed, gone, not open) offers no button that
 * can never work.
 */
export function QueryError({ query }: { query: { error: unknown; refetch: () => Promise<unknown> } }) {
  return (
    <div className="rounded-2xl border border-danger-line bg-danger-surface px-4 py-6 text-center text-sm text-danger">
      <p>{errorMessage(query.error)}</p>
      {mayPassOnRetry(query.error) ? (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** An empty list: an icon in a tinted circle above one line of text. */
export function EmptyState({ icon, text, className = '', children }: { icon: ReactNode; text: string; className?: string; children?: ReactNode }) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-14 text-center', className)}>
      <span aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-primary-tint text-primary-ink">
        {icon}
      </span>
      <p className="max-w-full font-medium wrap-anywhere text-ink-soft">{text}</p>
      {children}
    </div>
  );
}

/** Shown while another page exists (D15); the list appends the next page. */
export function LoadMoreButton({ onClick, loading, fullWidth = false }: { onClick: () => void; loading: boolean; fullWidth?: boolean }) {
  return (
    <Button variant="secondary" loading={loading} onClick={onClick} fullWidth={fullWidth} className={fullWidth ? '' : 'min-w-40'}>
      Load more
    </Button>
  );
}

import type { MouseEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * Previous / "Page n of m" / Next under a paged list. A list of one page shows nothing, or with
 * `showSinglePage` only its `summary` (e.g. "3 payments"): no buttons that cannot be pressed.
 * `summary` follows the page count otherwise ("Page 1 of 3 · 25 invoices"). The buttons are named
 * "Previous page" and "Next page", apart from a form's own Next on the same page.
 */
export function Pager({
  page,
  current,
  total,
  onPage,
  summary,
  showSinglePage = false,
  className = 'mt-6',
}: {
  page: number;
  current: number;
  total: number;
  onPage: (page: number) => void;
  summary?: ReactNode;
  showSinglePage?: boolean;
  className?: string;
}) {
  // The new page is read from its top: the focus goes to the heading of the list's section (where
  // the pager has one), not left on a button the page scrolled away from.
  const turn = (to: number) => (e: MouseEvent<HTMLButtonElement>) => {
    onPage(to);
    const heading = e.currentTarget.closest('section')?.querySelector<HTMLElement>('h1, h2');
    if (!heading) return;
    heading.tabIndex = -1;
    // Into view too, where the page number is the list's own state and nothing else scrolls.
    heading.focus();
  };
  if (total <= 1 && !showSinglePage) return null;
  if (total <= 1)
    return (
      <nav aria-label="Pages" className={cn('flex items-center justify-center text-sm text-muted', className)}>
        {summary}
      </nav>
    );
  return (
    <nav aria-label="Pages" className={cn('flex flex-wrap items-center justify-center gap-3', className)}>
      <Button variant="secondary" size="sm" aria-label="Previous page" disabled={page <= 1} onClick={turn(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-muted">
        Page {current} of {total}
        {summary ? <> · {summary}</> : null}
      </span>
      <Button variant="secondary" size="sm" aria-label="Next page" disabled={page >= total} onClick={turn(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

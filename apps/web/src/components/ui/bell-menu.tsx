import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { CountBadge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { formatBadge } from '@/lib/format';
import { truncateDropdownText } from '@/lib/truncate-dropdown-text';
import { useIsMobile } from '@/lib/use-media';
import { cn } from '@/lib/cn';

export interface BellMenuItem {
  id: number;
  unread: boolean;
  title: string;
  /** A second, muted line under the title (notifications carry their content here). */
  content?: string;
  /**
   * When it happened, formatted for the company: called only for a row that is shown, since
   * formatting in the company's time zone is the costliest part of a bell (and phones show no rows).
   */
  when: () => string;
  onSelect: () => void;
}

interface BellMenuProps {
  /** Heading of the dropdown and the trigger's accessible name, e.g. "Notifications". */
  title: string;
  icon: ReactNode;
  /** Unread count for the badge; 0 hides it. */
  count: number;
  /** The word after the count: "3 new", "3 unread". */
  countWord: string;
  /** What screen readers hear before an unread row, e.g. "New". */
  unreadPrefix: string;
  emptyText: string;
  errorText: string;
  loadingLabel: string;
  viewAllHref: string;
  viewAllText: string;
  items: BellMenuItem[];
  isPending: boolean;
  isError: boolean;
}

const triggerClass =
  'relative grid size-tap place-items-center rounded-full text-nav-muted transition-colors hover:bg-nav-hover hover:text-nav-ink data-[state=open]:bg-nav-hover data-[state=open]:text-nav-ink';

/**
 * A nav bell (B5–B7): a dropdown of the latest items with a badge on larger screens,
 * a plain link to the full page on phones, where a dropdown would not fit. Row texts are
 * shortened here (T9), so every bell keeps to the same limits.
 */
export function BellMenu(props: BellMenuProps) {
  const { title, icon, count, countWord, viewAllHref } = props;
  const isMobile = useIsMobile();
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const hasRows = props.items.length > 0;
  // Opened before its rows arrived (a slow answer), the panel kept the focus: the first row to come takes it.
  useEffect(() => {
    if (hasRows && panel.current && document.activeElement === panel.current) focusNewestRow(panel.current);
  }, [hasRows]);
  const label = count > 0 ? `${title}, ${formatBadge(count)} ${countWord}` : title;

  if (isMobile) {
    return (
      <Link to={viewAllHref} aria-label={label} className={triggerClass}>
        {icon}
        <CountBadge count={count} />
      </Link>
    );
  }

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger aria-label={label} className={triggerClass}>
        {icon}
        <CountBadge count={count} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={panel}
          align="end"
          sideOffset={8}
          collisionPadding={12}
          // The menu focuses its panel as it opens. However it was opened (a key, a click, a screen
          // reader's click), the focus goes on to the newest row, or stays on the panel while there is
          // none yet: not on the "View all" link at its bottom (the menu's own choice for a key).
          onFocus={(event) => {
            if (event.target !== event.currentTarget) return;
            event.preventDefault();
            focusNewestRow(event.currentTarget);
          }}
          // Tab leaves the menu (WAI-ARIA's menu button): it closes, and the focus is back on the bell to go on
          // from. The menu itself keeps Tab from moving within it.
          onKeyDown={(event) => {
            if (event.key === 'Tab') setOpen(false);
          }}
          className="menu-panel z-50 max-h-[min(40rem,calc(100dvh-6rem))] w-[22rem] overflow-y-auto overscroll-contain rounded-2xl border border-line bg-surface shadow-xl outline-none"
        >
          <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-line-soft bg-surface px-4 py-3">
            <DropdownMenu.Label className="text-base font-semibold text-ink">{title}</DropdownMenu.Label>
            {count > 0 && (
              <span className="rounded-full bg-primary-tint-strong px-2 py-0.5 text-xs font-semibold text-brand-900">
                {formatBadge(count)} {countWord}
              </span>
            )}
          </div>

          <div className="py-1">
            <BellMenuBody {...props} />
          </div>

          <div className="sticky bottom-0 border-t border-line-soft bg-surface p-1">
            <DropdownMenu.Item asChild>
              <Link
                to={viewAllHref}
                className="flex items-center justify-center gap-1 rounded-xl px-3 py-2.5 text-sm font-semibold text-primary-ink outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset data-[highlighted]:bg-primary-tint"
              >
                {props.viewAllText}
              </Link>
            </DropdownMenu.Item>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function focusNewestRow(panel: HTMLElement) {
  panel.querySelector<HTMLElement>('[data-bell-row]')?.focus({ preventScroll: true });
}

function BellMenuBody({ icon, items, isPending, isError, emptyText, errorText, loadingLabel, unreadPrefix }: BellMenuProps) {
  if (isPending) {
    return (
      <div className="flex justify-center py-8 text-primary-ink">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (isError) return <p className="px-4 py-8 text-center text-sm text-muted">{errorText}</p>;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
        <span aria-hidden="true" className="grid size-11 place-items-center rounded-full bg-surface-muted text-faint">
          {icon}
        </span>
        <p className="text-sm font-medium text-muted">{emptyText}</p>
      </div>
    );
  }
  return items.map((item) => (
    <DropdownMenu.Item
      key={item.id}
      data-bell-row=""
      onSelect={item.onSelect}
      className={cn(
        // The row the keys are on is ringed, not only shaded: an unread row's tint would hide the shade.
        'relative mx-1 flex cursor-pointer gap-3 rounded-xl px-3 py-2.5 outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset data-[highlighted]:bg-surface-muted',
        item.unread ? 'bg-primary-tint/70' : '',
      )}
    >
      <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.unread ? 'bg-primary' : 'bg-transparent')} />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm wrap-anywhere whitespace-pre-line', item.unread ? 'font-semibold text-ink' : 'font-medium text-ink')}>
          {item.unread && <span className="sr-only">{unreadPrefix}: </span>}
          {truncateDropdownText(item.title)}
        </span>
        {item.content != null && <span className="mt-0.5 line-clamp-2 text-sm wrap-anywhere whitespace-pre-line text-muted">{truncateDropdownText(item.content)}</span>}
        <span className="mt-1 block text-xs text-muted">{item.when()}</span>
      </span>
    </DropdownMenu.Item>
  ));
}

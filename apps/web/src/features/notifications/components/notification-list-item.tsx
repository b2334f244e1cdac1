import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { NotificationContact } from '@portal/shared/notification-schemas';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ArrowRightIcon, BellIcon } from 'lucide-react';
import type { NotificationLink } from '../lib/notification-link';

interface NotificationListItemProps {
  contact: NotificationContact;
  formattedDate: string;
  highlighted: boolean;
  onMarkRead: (id: number) => void;
  marking: boolean;
  /** The page it is about (decision 079), if any. */
  link: NotificationLink | null;
}

export function NotificationListItem({ contact, formattedDate, highlighted, onMarkRead, marking, link }: NotificationListItemProps) {
  const ref = useRef<HTMLElement>(null);
  const isNew = contact.Status === 'New';
  const n = contact.Notifications;
  const titleId = `notification-${contact.NotificationContactID}-title`;

  // Marked read from here: the button goes, so the focus stays on this notification, not the top of the page.
  const markedHere = useRef(false);
  useEffect(() => {
    if (isNew || !markedHere.current) return;
    markedHere.current = false;
    if (!document.activeElement || document.activeElement === document.body) ref.current?.focus({ preventScroll: true });
  }, [isNew]);

  // Arriving from the bell or a link (?id=): bring that notification into view and focus it.
  useEffect(() => {
    if (!highlighted || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center', behavior: 'smooth' });
    ref.current.focus({ preventScroll: true });
  }, [highlighted]);

  return (
    <li>
      <article
        ref={ref}
        tabIndex={-1}
        aria-labelledby={titleId}
        aria-current={highlighted ? 'true' : undefined}
        data-status={contact.Status}
        className={cn(
          'relative flex gap-3 rounded-2xl border px-4 py-4 transition-colors sm:gap-4 sm:px-5',
          isNew ? 'border-primary-line bg-primary-tint' : 'border-line bg-surface',
          highlighted ? 'ring-2 ring-brand-500 ring-offset-2' : '',
        )}
      >
        <span aria-hidden="true" className={cn('mt-0.5 grid size-9 shrink-0 place-items-center rounded-full', isNew ? 'bg-primary text-on-primary' : 'bg-surface-muted text-muted')}>
          <BellIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h2 id={titleId} className={cn('min-w-0 text-base wrap-anywhere', isNew ? 'font-semibold text-ink' : 'font-medium text-ink')}>
              {n.ClientInAppTitle}
            </h2>
            <p className="text-xs text-muted">{formattedDate}</p>
          </div>
          <p className="mt-1 text-sm wrap-anywhere whitespace-pre-line text-ink-soft">{n.ClientInAppContent}</p>
          {link ? (
            <Link
              to={link.to}
              // Followed, it has been read.
              onClick={() => isNew && onMarkRead(contact.NotificationContactID)}
              className="mt-2 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-primary-ink hover:underline sm:min-h-0"
            >
              {link.label}
              <ArrowRightIcon aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
          <div className="mt-3 flex items-center gap-3">
            {isNew ? (
              <>
                <span className="inline-flex items-center rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary">New</span>
                {/* A label rather than hidden text: hidden text is read as "Mark as read : title". */}
                <Button
                  variant="link"
                  size="sm"
                  className="max-sm:min-h-10!"
                  loading={marking}
                  aria-label={`Mark as read: ${n.ClientInAppTitle}`}
                  onClick={() => {
                    markedHere.current = true;
                    onMarkRead(contact.NotificationContactID);
                  }}
                >
                  Mark as read
                </Button>
              </>
            ) : (
              <span className="inline-flex items-center rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-muted">Read</span>
            )}
          </div>
        </div>
      </article>
    </li>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ListLoading, LoadMoreButton, QueryError } from '@/components/ui/list-states';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { errorMessage } from '@/lib/api-client';
import { companyTimeZone, formatDateTime } from '@/lib/format';
import { useSearchParamState } from '@/lib/use-search-param';
import { STATUS_MESSAGE_MS } from '@portal/shared/constants';
import { useNotificationsList, type NotificationStatusFilter } from '@/features/notifications/api/get-notifications';
import { useMarkAllNotificationsRead } from '@/features/notifications/api/mark-all-notifications-read';
import { useMarkNotificationRead } from '@/features/notifications/api/mark-notification-read';
import { NotificationListItem } from '@/features/notifications/components/notification-list-item';
import { notificationLink } from '@/features/notifications/lib/notification-link';
import { studentTerm } from '@/lib/branding';
import { useCurrentUser } from '@/entities/customer/identity';
import { BellIcon, SlidersHorizontalIcon } from 'lucide-react';

const FILTERS: NotificationStatusFilter[] = ['All', 'New', 'Read'];

const EMPTY_TEXT: Record<NotificationStatusFilter, string> = {
  All: 'No Notifications Found',
  New: 'You are all caught up — no new notifications.',
  Read: 'No read notifications yet.',
};

/** /hub/notifications (J7, J8): every notification, filterable, with ?id= opening one; each links to what it is about (decision 079). */
export default function NotificationsRoute() {
  const config = useConfig();
  const [searchParams] = useSearchParams();
  const targetId = Number(searchParams.get('id')) || null;
  const [filter, setFilter] = useSearchParamState<NotificationStatusFilter>('status', FILTERS, 'All');
  const list = useNotificationsList(filter);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const markedTarget = useRef<number | null>(null);

  const contacts = useMemo(() => list.data?.pages.flatMap((p) => p.notificationContacts) ?? [], [list.data]);
  const newCount = list.data?.pages[list.data.pages.length - 1]?.total_count_new ?? 0;
  const target = targetId ? contacts.find((c) => c.NotificationContactID === targetId) : undefined;

  // The linked notification may sit beyond the first page: keep loading until it appears.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (targetId && !target && filter === 'All' && list.isSuccess && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [targetId, target, filter, list.isSuccess, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Opening a notification by link reads it (J8); once per id, whatever the refetches do.
  const { mutate: markTargetRead } = markRead;
  useEffect(() => {
    if (!target || target.Status !== 'New' || markedTarget.current === target.NotificationContactID) return;
    markedTarget.current = target.NotificationContactID;
    markTargetRead(target.NotificationContactID);
  }, [target, markTargetRead]);

  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(''), STATUS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  // A notification marked read that leaves the list (the New filter) hands the focus to the one that takes its place.
  const listRef = useRef<HTMLUListElement>(null);
  const leaving = useRef<{ id: number; index: number } | null>(null);
  function markOne(id: number) {
    leaving.current = { id, index: contacts.findIndex((c) => c.NotificationContactID === id) };
    markRead.mutate(id, { onError: (e) => setError(errorMessage(e)) });
  }
  useEffect(() => {
    const gone = leaving.current;
    if (!gone) return;
    const still = contacts.find((c) => c.NotificationContactID === gone.id);
    // Still listed: it keeps the focus itself once read (NotificationListItem).
    if (still) {
      if (still.Status !== 'New') leaving.current = null;
      return;
    }
    leaving.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const articles = listRef.current?.querySelectorAll<HTMLElement>('article') ?? [];
    // The last one gone: the filter's tab, above the empty list.
    (articles[Math.min(gone.index, articles.length - 1)] ?? document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]'))?.focus({ preventScroll: true });
  }, [contacts]);

  function markEverything() {
    markAll.mutate(undefined, {
      onSuccess: () => setStatus('All notifications marked as read.'),
      onError: (e) => setError(errorMessage(e)),
    });
  }

  const dateFormat = config.localization.DateFormat;
  const timeZone = companyTimeZone(config);
  const studentWord = studentTerm(config);
  const role = useCurrentUser()?.Role;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader
        title="Notifications"
        description={newCount > 0 ? `You have ${newCount} new notification${newCount === 1 ? '' : 's'}.` : 'Updates about your classes, invoices and account.'}
        actions={
          <>
            <Link
              to={paths.notificationConfiguration}
              className="inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-button border border-line-strong bg-surface px-4 text-sm font-semibold text-ink shadow-sm hover:bg-canvas"
            >
              <SlidersHorizontalIcon />
              <span className="sm:hidden">Settings</span>
              <span className="hidden sm:inline">Notification settings</span>
            </Link>
            <Button onClick={markEverything} loading={markAll.isPending} disabled={newCount === 0} className="whitespace-nowrap">
              Mark all as read
            </Button>
          </>
        }
      />

      <p role="status" aria-live="polite" className={status ? 'mb-4 rounded-lg border border-success-line bg-success-surface px-3.5 py-3 text-sm font-medium text-success' : 'sr-only'}>
        {status}
      </p>
      <ErrorBox message={error} onDismiss={() => setError(null)} className="mb-4" />

      <Tabs.Root value={filter} onValueChange={(v) => setFilter(v as NotificationStatusFilter)}>
        <Tabs.List aria-label="Show notifications" className="mb-5 inline-flex flex-wrap gap-1 rounded-3xl bg-surface-muted p-1">
          {FILTERS.map((f) => (
            <Tabs.Trigger
              key={f}
              value={f}
              className="min-h-10 rounded-full px-4 py-1.5 text-sm sm:min-h-0 font-semibold text-muted transition hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-primary-ink data-[state=active]:shadow-sm"
            >
              {f}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        {FILTERS.map((f) => (
          <Tabs.Content key={f} value={f} tabIndex={-1} className="outline-none">
            {f !== filter ? null : list.isPending ? (
              <ListLoading label="Loading notifications" />
            ) : list.isLoadingError ? (
              <QueryError query={list} />
            ) : contacts.length === 0 ? (
              <EmptyState icon={<BellIcon className="size-7" />} text={EMPTY_TEXT[f]} />
            ) : (
              <>
                <ul ref={listRef} className="space-y-3">
                  {contacts.map((contact) => (
                    <NotificationListItem
                      key={contact.NotificationContactID}
                      contact={contact}
                      formattedDate={formatDateTime(contact.Notifications.DateTimeCreated, dateFormat, timeZone)}
                      highlighted={contact.NotificationContactID === targetId}
                      onMarkRead={markOne}
                      marking={markRead.isPending && markRead.variables === contact.NotificationContactID}
                      link={notificationLink(contact.Notifications.TagData, studentWord, role)}
                    />
                  ))}
                </ul>
                {hasNextPage && (
                  <div className="mt-6 flex justify-center">
                    <LoadMoreButton loading={isFetchingNextPage} onClick={() => void fetchNextPage()} />
                  </div>
                )}
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as Tabs from '@radix-ui/react-tabs';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ListError, ListLoading, LoadMoreButton } from '@/components/ui/list-states';
import { paths } from '@/config/paths';
import { useConfig } from '@/lib/company-config';
import { errorMessage } from '@/lib/api-client';
import { companyTimeZone, formatDateTime } from '@/lib/format';
import { STATUS_MESSAGE_MS } from '@portal/shared/constants';
import { useNotificationsList, type NotificationStatusFilter } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationListItem } from '../components/notification-list-item';

const FILTERS: NotificationStatusFilter[] = ['All', 'New', 'Read'];

const EMPTY_TEXT: Record<NotificationStatusFilter, string> = {
  All: 'No Notifications Found',
  New: 'You are all caught up — no new notifications.',
  Read: 'No read notifications yet.',
};

/** /hub/notifications (J7, J8): every notification, filterable, with ?id= opening one. */
export default function NotificationsRoute() {
  const config = useConfig();
  const [searchParams] = useSearchParams();
  const targetId = Number(searchParams.get('id')) || null;
  const [filter, setFilter] = useState<NotificationStatusFilter>('All');
  const list = useNotificationsList(filter);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const markedTarget = useRef<number | null>(null);

  const contacts = list.data?.pages.flatMap((p) => p.notificationContacts) ?? [];
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

  function markOne(id: number) {
    markRead.mutate(id, { onError: (e) => setError(errorMessage(e)) });
  }

  function markEverything() {
    markAll.mutate(undefined, {
      onSuccess: () => setStatus('All notifications marked as read.'),
      onError: (e) => setError(errorMessage(e)),
    });
  }

  const dateFormat = config.localization.DateFormat;
  const timeZone = companyTimeZone(config);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader
        title="Notifications"
        description={newCount > 0 ? `You have ${newCount} new notification${newCount === 1 ? '' : 's'}.` : 'Updates about your classes, invoices and account.'}
        actions={
          <>
            <Link
              to={paths.notificationConfiguration}
              className="inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-button border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
            >
              <SlidersIcon />
              <span className="sm:hidden">Settings</span>
              <span className="hidden sm:inline">Notification settings</span>
            </Link>
            <Button onClick={markEverything} loading={markAll.isPending} disabled={newCount === 0} className="whitespace-nowrap">
              Mark all as read
            </Button>
          </>
        }
      />

      <p role="status" aria-live="polite" className={status ? 'mb-4 rounded-lg border border-green-300 bg-green-50 px-3.5 py-3 text-sm font-medium text-green-800' : 'sr-only'}>
        {status}
      </p>
      <ErrorBox message={error} onDismiss={() => setError(null)} className="mb-4" />

      <Tabs.Root value={filter} onValueChange={(v) => setFilter(v as NotificationStatusFilter)}>
        <Tabs.List aria-label="Show notifications" className="mb-5 inline-flex gap-1 rounded-full bg-slate-100 p-1">
          {FILTERS.map((f) => (
            <Tabs.Trigger
              key={f}
              value={f}
              className="rounded-full px-4 py-1.5 text-sm font-semibold text-slate-600 transition hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-solid data-[state=active]:shadow-sm"
            >
              {f}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        {FILTERS.map((f) => (
          <Tabs.Content key={f} value={f} className="outline-none">
            {f !== filter ? null : list.isPending ? (
              <ListLoading label="Loading notifications" />
            ) : list.isError ? (
              <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
            ) : contacts.length === 0 ? (
              <EmptyState icon={<BellIcon />} text={EMPTY_TEXT[f]} />
            ) : (
              <>
                <ul className="space-y-3">
                  {contacts.map((contact) => (
                    <NotificationListItem
                      key={contact.NotificationContactID}
                      contact={contact}
                      formattedDate={formatDateTime(contact.Notifications.DateTimeCreated, dateFormat, timeZone)}
                      highlighted={contact.NotificationContactID === targetId}
                      onMarkRead={markOne}
                      marking={markRead.isPending && markRead.variables === contact.NotificationContactID}
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

function SlidersIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true">
      <path d="M4 7h9M17 7h3M4 12h3M11 12h9M4 17h11M19 17h1" />
      <circle cx="15" cy="7" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="17" r="2" />
    </svg>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 9.5a6 6 0 0 1 12 0c0 5 2 6.5 2 6.5H4s2-1.5 2-6.5" />
      <path d="M10 19.5a2.1 2.1 0 0 0 4 0" />
    </svg>
  );
}

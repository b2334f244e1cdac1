import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PortalMessage } from '@portal/shared/message-schemas';
import { EmptyState, ListLoading, LoadMoreButton, QueryError } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';

import { companyTimeZone, formatDateTime } from '@/lib/format';
import { useIsMobile } from '@/lib/use-media';
import { useMessagesList } from '@/features/messages/api/get-messages';
import { useMarkMessageRead } from '@/features/messages/api/mark-message-read';
import { isUnread, messageHref } from '@/features/messages/lib/message-helpers';
import { MessageReplies } from '@/features/messages/components/message-replies';
import { cn } from '@/lib/cn';
import { ChevronLeftIcon, MailIcon } from 'lucide-react';

/** /hub/messages (J9, J10): the list and a reading pane; on phones the list, then the message. */
export default function MessagesRoute() {
  const config = useConfig();
  const isMobile = useIsMobile();
  const [searchParams] = useSearchParams();
  const selectedId = Number(searchParams.get('id')) || null;
  const list = useMessagesList();
  const { mutate: markRead } = useMarkMessageRead();
  const markedIds = useRef(new Set<number>());

  const messages = list.data?.pages.flatMap((p) => p.messages) ?? [];
  const unreadCount = list.data?.pages[list.data.pages.length - 1]?.unread_messages_count ?? 0;
  const selected = selectedId ? messages.find((m) => m.CPMessageID === selectedId) : undefined;
  const dateFormat = config.localization.DateFormat;
  const timeZone = companyTimeZone(config);
  const formatInstant = (instant: string) => formatDateTime(instant, dateFormat, timeZone);
  const formatWhen = (m: PortalMessage) => formatInstant(m.PublishedTimestamp);

  // A linked message may sit beyond the first page: keep loading until it appears.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (selectedId && !selected && list.isSuccess && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [selectedId, selected, list.isSuccess, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Opening an unread message reads it (J9); once per message, whatever the refetches do.
  useEffect(() => {
    if (!selected || !isUnread(selected) || markedIds.current.has(selected.CPMessageID)) return;
    markedIds.current.add(selected.CPMessageID);
    markRead(selected.CPMessageID);
  }, [selected, markRead]);

  const notFound = selectedId != null && !selected && list.isSuccess && !hasNextPage;
  const showList = !isMobile || selectedId == null;
  const showPane = !isMobile || selectedId != null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      {showList && (
        <PageHeader
          title="Messages"
          description={unreadCount > 0 ? `You have ${unreadCount} unread message${unreadCount === 1 ? '' : 's'}.` : `News and announcements from ${config.CompanyDisplayName}.`}
        />
      )}

      {list.isPending ? (
        <ListLoading label="Loading messages" />
      ) : list.isLoadingError ? (
        <QueryError query={list} />
      ) : messages.length === 0 ? (
        <EmptyState icon={<MailIcon className="size-7" />} text="No Messages Found" />
      ) : (
        <div className="grid gap-6 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] md:items-start">
          {showList && (
            <nav aria-label="Messages" className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
              <ul className="divide-y divide-line-soft md:max-h-[calc(100dvh-16rem)] md:overflow-y-auto">
                {messages.map((m) => {
                  const unread = isUnread(m);
                  const active = m.CPMessageID === selectedId;
                  return (
                    <li key={m.CPMessageID}>
                      <Link
                        to={messageHref(m.CPMessageID)}
                        aria-current={active ? 'page' : undefined}
                        className={cn('flex gap-3 px-4 py-3.5 transition-colors', active ? 'bg-primary-tint shadow-[inset_3px_0_0_var(--brand-solid)]' : 'hover:bg-canvas')}
                      >
                        <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} />
                        <span className="min-w-0 flex-1">
                          <span className={cn('block truncate', unread ? 'font-semibold text-ink' : 'font-medium text-ink-soft')}>
                            {unread && <span className="sr-only">Unread: </span>}
                            {m.Title}
                          </span>
                          <span className="mt-0.5 block text-xs text-muted">{formatWhen(m)}</span>
                          <span className="mt-1 line-clamp-1 text-sm text-muted">{m.Body}</span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
              {hasNextPage && (
                <div className="border-t border-line-soft p-3">
                  <LoadMoreButton fullWidth loading={isFetchingNextPage} onClick={() => void fetchNextPage()} />
                </div>
              )}
            </nav>
          )}

          {showPane && (
            <ReadingPane
              message={selected}
              companyName={config.CompanyDisplayName}
              formatInstant={formatInstant}
              notFound={notFound}
              loading={selectedId != null && !selected && !notFound}
              isMobile={isMobile}
            />
          )}
        </div>
      )}
    </div>
  );
}

interface ReadingPaneProps {
  message: PortalMessage | undefined;
  /** Who sent every message: the company. */
  companyName: string;
  formatInstant: (instant: string) => string;
  notFound: boolean;
  loading: boolean;
  isMobile: boolean;
}

function ReadingPane({ message, companyName, formatInstant, notFound, loading, isMobile }: ReadingPaneProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // On phones the message replaces the list, so move focus to it like a page change.
  useEffect(() => {
    if (message && isMobile) headingRef.current?.focus();
  }, [message, isMobile]);

  const back = isMobile ? (
    <Link to={paths.messages} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary-ink hover:underline">
      <ChevronLeftIcon aria-hidden="true" className="size-4" />
      All messages
    </Link>
  ) : null;

  if (loading) {
    return (
      <div className="flex justify-center rounded-2xl border border-line bg-surface py-16 text-primary-ink">
        <Spinner label="Loading message" />
      </div>
    );
  }

  if (!message) {
    return (
      <section aria-label="Message" className="min-h-72">
        {back}
        <div className="flex h-full min-h-72 flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-14 text-center">
          <span aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-primary-tint text-primary-ink">
            <MailIcon className="size-7" />
          </span>
          <p className="font-medium text-ink-soft">{notFound ? 'This message could not be found.' : 'Select a message to read it.'}</p>
        </div>
      </section>
    );
  }

  // On phones the message is the whole page, so its title is the page's main heading.
  const Heading = isMobile ? 'h1' : 'h2';
  return (
    <section aria-labelledby="message-title" className="space-y-4">
      {back}
      <article className="rounded-2xl border border-line bg-surface px-5 py-6 shadow-sm sm:px-8 sm:py-8">
        <header className="border-b border-line-soft pb-4">
          <Heading id="message-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight text-balance wrap-anywhere text-ink outline-none sm:text-2xl">
            {message.Title}
          </Heading>
          <p className="mt-2 flex flex-wrap gap-x-2 text-sm text-muted">
            <span className="font-medium text-ink-soft">{companyName}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={message.PublishedTimestamp}>{formatInstant(message.PublishedTimestamp)}</time>
          </p>
        </header>
        <div className="mt-5 text-[15px] leading-relaxed wrap-anywhere whitespace-pre-line text-ink">{message.Body}</div>
      </article>
      <MessageReplies messageId={message.CPMessageID} companyName={companyName} formatWhen={formatInstant} headingLevel={isMobile ? 2 : 3} />
    </section>
  );
}

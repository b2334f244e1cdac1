import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router';
import { CountBadge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCompanyConfig } from '@/features/company/api/get-config';
import { companyTimeZone, formatBadge, formatDateTime } from '@/lib/format';
import { useSessionStore } from '@/lib/session-store';
import { truncateDropdownText } from '@/lib/truncate-dropdown-text';
import { useIsMobile } from '@/lib/use-media';
import { useBellMessages } from '../api/get-messages';
import { isUnread, messageHref } from '../lib/message-helpers';

const triggerClass =
  'relative grid size-11 place-items-center rounded-full text-nav-muted transition-colors hover:bg-nav-hover hover:text-nav-ink data-[state=open]:bg-nav-hover data-[state=open]:text-nav-ink';

/**
 * The messages bell (B6, B7, J2–J5): only with EnableMessages and a signed-in customer;
 * polls the 5 latest every 60 s; a dropdown on larger screens, a link on phones.
 */
export function MessageBell() {
  const user = useSessionStore((s) => s.user);
  const { data: config } = useCompanyConfig();
  const isMobile = useIsMobile();
  const enabled = user != null && config != null && config.EnableMessages === true;
  const { data, isPending, isError } = useBellMessages(enabled);
  const navigate = useNavigate();

  if (!enabled) return null;

  const count = data?.unread_messages_count ?? 0;
  const label = count > 0 ? `Messages, ${formatBadge(count)} unread` : 'Messages';

  if (isMobile) {
    return (
      <Link to={paths.messages} aria-label={label} className={triggerClass}>
        <EnvelopeIcon />
        <CountBadge count={count} />
      </Link>
    );
  }

  const items = data?.messages ?? [];
  const dateFormat = config.localization.DateFormat;
  const timeZone = companyTimeZone(config);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={label} className={triggerClass}>
        <EnvelopeIcon />
        <CountBadge count={count} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="menu-panel z-50 max-h-[min(40rem,calc(100dvh-6rem))] w-[22rem] overflow-y-auto overscroll-contain rounded-2xl border border-slate-200 bg-white shadow-xl outline-none"
        >
          <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-100 bg-white px-4 py-3">
            <DropdownMenu.Label className="text-base font-semibold text-slate-900">Messages</DropdownMenu.Label>
            {count > 0 && (
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">{formatBadge(count)} unread</span>
            )}
          </div>

          <div className="py-1">
            {isPending ? (
              <div className="flex justify-center py-8 text-brand-solid">
                <Spinner label="Loading messages" />
              </div>
            ) : isError ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">Messages could not be loaded. Please try again shortly.</p>
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
                <span aria-hidden="true" className="grid size-11 place-items-center rounded-full bg-slate-100 text-slate-400">
                  <EnvelopeIcon />
                </span>
                <p className="text-sm font-medium text-slate-600">No Messages Found</p>
              </div>
            ) : (
              items.map((message) => {
                const unread = isUnread(message);
                return (
                  <DropdownMenu.Item
                    key={message.CPMessageID}
                    // Opening it on the messages page is what marks it read (J9).
                    onSelect={() => void navigate(messageHref(message.CPMessageID))}
                    className={`relative mx-1 flex cursor-pointer gap-3 rounded-xl px-3 py-2.5 outline-none data-[highlighted]:bg-slate-100 ${unread ? 'bg-brand-50/70' : ''}`}
                  >
                    <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-brand-solid' : 'bg-transparent'}`} />
                    <span className="min-w-0 flex-1">
                      <span className={`block text-sm break-words whitespace-pre-line ${unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-800'}`}>
                        {unread && <span className="sr-only">Unread: </span>}
                        {truncateDropdownText(message.Title)}
                      </span>
                      <span className="mt-1 block text-xs text-slate-600">{formatDateTime(message.PublishedTimestamp, dateFormat, timeZone)}</span>
                    </span>
                  </DropdownMenu.Item>
                );
              })
            )}
          </div>

          <div className="sticky bottom-0 border-t border-slate-100 bg-white p-1">
            <DropdownMenu.Item asChild>
              <Link
                to={paths.messages}
                className="flex items-center justify-center gap-1 rounded-xl px-3 py-2.5 text-sm font-semibold text-brand-solid outline-none data-[highlighted]:bg-brand-50"
              >
                View all messages
              </Link>
            </DropdownMenu.Item>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function EnvelopeIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="m3.5 7 8.5 6 8.5-6" />
    </svg>
  );
}

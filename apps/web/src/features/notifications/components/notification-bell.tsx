import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router';
import type { NotificationContact } from '@portal/shared/api-types';
import { CountBadge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCompanyConfig } from '@/features/company/api/get-config';
import { companyTimeZone, formatBadge, formatDateTime } from '@/lib/format';
import { useSessionStore } from '@/lib/session-store';
import { truncateDropdownText } from '@/lib/truncate-dropdown-text';
import { useIsMobile } from '@/lib/use-media';
import { useBellNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';

function notificationHref(id: number): string {
  return `${paths.notifications}?${new URLSearchParams({ id: String(id) })}`;
}

const triggerClass =
  'relative grid size-11 place-items-center rounded-full text-nav-muted transition-colors hover:bg-nav-hover hover:text-nav-ink data-[state=open]:bg-nav-hover data-[state=open]:text-nav-ink';

/**
 * The nav bell (B5, B7, J1, J3–J7): polls the 5 latest every 60 s while someone is signed in;
 * a dropdown on larger screens, a plain link to the full page on phones.
 */
export function NotificationBell() {
  const user = useSessionStore((s) => s.user);
  const { data: config } = useCompanyConfig();
  const isMobile = useIsMobile();
  // X16: notifications show unless the company explicitly switched them off.
  const enabled = user != null && config != null && config.ShowNotificationsTab !== false;
  const { data, isPending, isError } = useBellNotifications(enabled);
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();

  if (!enabled) return null;

  const count = data?.total_count_new ?? 0;
  const label = count > 0 ? `Notifications, ${formatBadge(count)} new` : 'Notifications';

  if (isMobile) {
    return (
      <Link to={paths.notifications} aria-label={label} className={triggerClass}>
        <BellIcon />
        <CountBadge count={count} />
      </Link>
    );
  }

  async function openNotification(contact: NotificationContact) {
    if (contact.Status === 'New') {
      try {
        await markRead.mutateAsync(contact.NotificationContactID);
      } catch {
        // The page marks it read again on arrival, so a failed call here costs nothing.
      }
    }
    void navigate(notificationHref(contact.NotificationContactID));
  }

  const items = data?.notificationContacts ?? [];
  const dateFormat = config.localization.DateFormat;
  const timeZone = companyTimeZone(config);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={label} className={triggerClass}>
        <BellIcon />
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
            <DropdownMenu.Label className="text-base font-semibold text-slate-900">Notifications</DropdownMenu.Label>
            {count > 0 && (
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">{formatBadge(count)} new</span>
            )}
          </div>

          <div className="py-1">
            {isPending ? (
              <div className="flex justify-center py-8 text-brand-solid">
                <Spinner label="Loading notifications" />
              </div>
            ) : isError ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">Notifications could not be loaded. Please try again shortly.</p>
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
                <span aria-hidden="true" className="grid size-11 place-items-center rounded-full bg-slate-100 text-slate-400">
                  <BellIcon />
                </span>
                <p className="text-sm font-medium text-slate-600">No Notifications Found</p>
              </div>
            ) : (
              items.map((contact) => {
                const isNew = contact.Status === 'New';
                const n = contact.Notifications;
                return (
                  <DropdownMenu.Item
                    key={contact.NotificationContactID}
                    onSelect={() => void openNotification(contact)}
                    className={`relative mx-1 flex cursor-pointer gap-3 rounded-xl px-3 py-2.5 outline-none data-[highlighted]:bg-slate-100 ${isNew ? 'bg-brand-50/70' : ''}`}
                  >
                    <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${isNew ? 'bg-brand-solid' : 'bg-transparent'}`} />
                    <span className="min-w-0 flex-1">
                      <span className={`block text-sm break-words ${isNew ? 'font-semibold text-slate-900' : 'font-medium text-slate-800'}`}>
                        {isNew && <span className="sr-only">New: </span>}
                        {truncateDropdownText(n.ClientInAppTitle)}
                      </span>
                      <span className="mt-0.5 line-clamp-2 text-sm break-words whitespace-pre-line text-slate-600">
                        {truncateDropdownText(n.ClientInAppContent)}
                      </span>
                      <span className="mt-1 block text-xs text-slate-600">{formatDateTime(n.DateTimeCreated, dateFormat, timeZone)}</span>
                    </span>
                  </DropdownMenu.Item>
                );
              })
            )}
          </div>

          <div className="sticky bottom-0 border-t border-slate-100 bg-white p-1">
            <DropdownMenu.Item asChild>
              <Link
                to={paths.notifications}
                className="flex items-center justify-center gap-1 rounded-xl px-3 py-2.5 text-sm font-semibold text-brand-solid outline-none data-[highlighted]:bg-brand-50"
              >
                View all notifications
              </Link>
            </DropdownMenu.Item>
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M6 9.5a6 6 0 0 1 12 0c0 5 2 6.5 2 6.5H4s2-1.5 2-6.5" />
      <path d="M10 19.5a2.1 2.1 0 0 0 4 0" />
    </svg>
  );
}

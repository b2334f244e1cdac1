import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { NotificationContact } from '@portal/shared/notification-schemas';
import { BellMenu } from '@/components/ui/bell-menu';
import { paths } from '@/config/paths';
import { useCompanyConfig } from '@/entities/company/get-company-config';
import { companyTimeZone, formatDateTime } from '@/lib/format';
import { useCurrentUser } from '@/entities/customer/identity';
import { studentTerm } from '@/lib/branding';
import { getNotificationsQueryOptions, useBellNotifications } from '../api/get-notifications';
import { notificationLink } from '../lib/notification-link';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { BellIcon } from 'lucide-react';

function notificationHref(id: number): string {
  return `${paths.notifications}?${new URLSearchParams({ id: String(id) })}`;
}

/** The notifications bell (B5, B7, J1, J3–J7): polls the 5 latest every 60 s while someone is signed in; a row opens what it is about. */
export function NotificationBell() {
  const user = useCurrentUser();
  const { data: config } = useCompanyConfig();
  // X16: notifications show unless the company explicitly switched them off.
  const enabled = user != null && config != null && config.ShowNotificationsTab !== false;
  const { data, isPending, isError } = useBellNotifications(enabled);
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  const client = useQueryClient();

  // A push reached this device (decision 100): the bell asks at once instead of at its next poll.
  useEffect(() => {
    const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!enabled || !worker) return;
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'push') void client.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey });
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [enabled, client]);

  if (!enabled) return null;

  async function openNotification(contact: NotificationContact) {
    if (contact.Status === 'New') {
      try {
        await markRead.mutateAsync(contact.NotificationContactID);
      } catch {
        // The page marks it read again on arrival, so a failed call here costs nothing.
      }
    }
    // Straight to what it is about (decision 079); a notification about nothing in particular opens on its page.
    void navigate(notificationLink(contact.Notifications.TagData, studentTerm(config), user?.Role)?.to ?? notificationHref(contact.NotificationContactID));
  }

  const dateFormat = config.localization.DateFormat;
  const timeZone = companyTimeZone(config);

  return (
    <BellMenu
      title="Notifications"
      icon={<BellIcon className="size-glyph" />}
      count={data?.total_count_new ?? 0}
      countWord="new"
      unreadPrefix="New"
      emptyText="No Notifications Found"
      errorText="Notifications could not be loaded. Please try again shortly."
      loadingLabel="Loading notifications"
      viewAllHref={paths.notifications}
      viewAllText="View all notifications"
      isPending={isPending}
      isError={isError}
      items={(data?.notificationContacts ?? []).map((contact) => ({
        id: contact.NotificationContactID,
        unread: contact.Status === 'New',
        title: contact.Notifications.ClientInAppTitle,
        content: contact.Notifications.ClientInAppContent,
        when: () => formatDateTime(contact.Notifications.DateTimeCreated, dateFormat, timeZone),
        onSelect: () => void openNotification(contact),
      }))}
    />
  );
}

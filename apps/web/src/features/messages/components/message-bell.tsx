import { useNavigate } from 'react-router';
import { BellMenu } from '@/components/ui/bell-menu';
import { paths } from '@/config/paths';
import { useCompanyConfig } from '@/entities/company/get-company-config';
import { companyTimeZone, formatDateTime } from '@/lib/format';
import { useCurrentUser } from '@/entities/customer/identity';
import { useBellMessages } from '../api/get-messages';
import { isUnread, messageHref } from '../lib/message-helpers';
import { MailIcon } from 'lucide-react';

/** The messages bell (B6, B7, J2–J5): only with EnableMessages and a signed-in customer; polls the 5 latest every 60 s. */
export function MessageBell() {
  const user = useCurrentUser();
  const { data: config } = useCompanyConfig();
  const enabled = user != null && config != null && config.EnableMessages === true;
  const { data, isPending, isError } = useBellMessages(enabled);
  const navigate = useNavigate();

  if (!enabled) return null;

  const dateFormat = config.localization.DateFormat;
  const timeZone = companyTimeZone(config);

  return (
    <BellMenu
      title="Messages"
      icon={<MailIcon className="size-glyph" />}
      count={data?.unread_messages_count ?? 0}
      countWord="unread"
      unreadPrefix="Unread"
      emptyText="No Messages Found"
      errorText="Messages could not be loaded. Please try again shortly."
      loadingLabel="Loading messages"
      viewAllHref={paths.messages}
      viewAllText="View all messages"
      isPending={isPending}
      isError={isError}
      items={(data?.messages ?? []).map((message) => ({
        id: message.CPMessageID,
        unread: isUnread(message),
        title: message.Title,
        when: () => formatDateTime(message.PublishedTimestamp, dateFormat, timeZone),
        // Opening it on the messages page is what marks it read (J9).
        onSelect: () => void navigate(messageHref(message.CPMessageID)),
      }))}
    />
  );
}

import type { PortalMessage } from '@portal/shared/message-schemas';
import { paths } from '@/config/paths';

/** D1 §3: a message is unread for as long as no read record exists for this customer. */
export function isUnread(message: PortalMessage): boolean {
  return !message.CP_CustomersMessagesRead || message.CP_CustomersMessagesRead.length === 0;
}

export function messageHref(id: number): string {
  return `${paths.messages}?${new URLSearchParams({ id: String(id) })}`;
}

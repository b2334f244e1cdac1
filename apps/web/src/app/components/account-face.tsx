import { ChevronDownIcon } from 'lucide-react';
import type { CustomerUser } from '@portal/shared/customer-schemas';

export const ACCOUNT_TRIGGER_CLASS = 'group flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-nav-ink';

/**
 * What the desktop account menu's button shows: the initials, the first name, a chevron. The top
 * bar draws the same in its place while the menu's own chunk loads (decision 038), so nothing
 * moves when it arrives.
 */
export function AccountFace({ user }: { user: CustomerUser }) {
  const initials = `${user.FirstName?.[0] ?? ''}${user.LastName?.[0] ?? ''}`.toUpperCase() || '?';
  return (
    <>
      <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-on-primary ring-2 ring-nav" aria-hidden="true">
        {initials}
      </span>
      <span className="hidden max-w-[9rem] truncate text-sm font-semibold lg:block">{user.FirstName}</span>
      <ChevronDownIcon className="size-4 opacity-70 transition-transform group-data-[state=open]:rotate-180" />
    </>
  );
}

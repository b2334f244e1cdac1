import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { paths } from '@/config/paths';
import { ChevronDownIcon, LogoutIcon, MailIcon, MoonIcon } from '@/components/ui/icons';
import { usePrefsStore } from '@/lib/prefs-store';
import { useSignOut } from '../hooks/use-session-actions';
import { barcodeItem, settingsItems } from './nav-items';

const itemBase = 'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-medium outline-none select-none ';
const itemClass = `${itemBase} text-slate-700 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900`;
const dangerClass = `${itemBase} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`;

/** The desktop account menu titled "Account Settings" (B10). Radix gives arrow-key navigation. */
export function AccountMenu({ config, user }: { config: CompanyConfig; user: CustomerUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const dark = usePrefsStore((s) => s.dark);
  const setDark = usePrefsStore((s) => s.setDark);
  const barcodes = barcodeItem(user);
  const initials = `${user.FirstName?.[0] ?? ''}${user.LastName?.[0] ?? ''}`.toUpperCase() || '?';

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="group flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-nav-ink hover:bg-nav-hover data-[state=open]:bg-nav-hover"
        aria-label={`Account Settings for ${user.FirstName}`}
      >
        <span className="flex size-9 items-center justify-center rounded-full bg-brand-solid text-sm font-bold text-on-brand ring-2 ring-nav" aria-hidden="true">
          {initials}
        </span>
        <span className="hidden max-w-[9rem] truncate text-sm font-semibold lg:block">{user.FirstName}</span>
        <ChevronDownIcon className="size-4 opacity-70 transition-transform group-data-[state=open]:rotate-180" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="menu-panel z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-2">
            <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">Account Settings</span>
            <span className="block truncate text-sm font-semibold text-slate-900">
              {user.FirstName} {user.LastName}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {settingsItems(config).map((item) => (
            <DropdownMenu.Item key={item.to} className={itemClass} onSelect={() => navigate(item.to)}>
              <span className="text-slate-500">{item.icon}</span>
              {item.label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {barcodes ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate(barcodes.to)}>
              <span className="text-slate-500">{barcodes.icon}</span>
              {barcodes.label}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.contactUs)}>
            <span className="text-slate-500">
              <MailIcon />
            </span>
            Contact Us
          </DropdownMenu.Item>
          <DropdownMenu.CheckboxItem className={itemClass} checked={dark} onCheckedChange={(v) => setDark(v === true)} onSelect={(e) => e.preventDefault()}>
            <span className="text-slate-500">
              <MoonIcon />
            </span>
            <span className="flex-1">Dark mode</span>
            <span
              aria-hidden="true"
              className={`relative h-6 w-10 rounded-full transition-colors ${dark ? 'bg-brand-solid' : 'bg-slate-300'}`}
            >
              <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${dark ? 'left-[18px]' : 'left-0.5'}`} />
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={dangerClass} onSelect={() => void signOut()}>
            <LogoutIcon />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

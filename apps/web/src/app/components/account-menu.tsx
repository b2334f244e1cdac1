import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { paths } from '@/config/paths';
import { LogOutIcon, MailIcon, MoonIcon, UsersIcon } from 'lucide-react';
import { useUiStore } from '@/lib/ui-store';
import { useSignInActions } from '@/features/auth/api/get-sign-in-actions';
import { usePrefsStore } from '@/lib/prefs-store';
import { useSignOut } from '../hooks/use-session-actions';
import { barcodeItem, settingsItems } from './nav-items';
import { cn } from '@/lib/cn';
import { ACCOUNT_TRIGGER_CLASS, AccountFace } from './account-face';

// The item the keys are on is ringed, not only shaded.
const itemBase =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-medium outline-none select-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset ';
const itemClass = `${itemBase} text-ink-soft data-[highlighted]:bg-surface-muted data-[highlighted]:text-ink`;
const dangerClass = `${itemBase} text-danger data-[highlighted]:bg-danger-surface data-[highlighted]:text-danger`;

/** The desktop account menu titled "Account Settings" (B10). Radix gives arrow-key navigation. */
export function AccountMenu({ config, user }: { config: CompanyConfig; user: CustomerUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const dark = usePrefsStore((s) => s.dark);
  const setDark = usePrefsStore((s) => s.setDark);
  // While sign-in actions are pending the settings pages and barcodes wait for them (decision 021): not offered.
  const held = (useSignInActions().data?.length ?? 0) > 0;
  const barcodes = held ? null : barcodeItem(user);
  const [open, setOpen] = useState(false);
  const openModal = useUiStore((s) => s.openModal);

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger className={`${ACCOUNT_TRIGGER_CLASS} hover:bg-nav-hover data-[state=open]:bg-nav-hover`} aria-label={`Account Settings for ${user.FirstName}`}>
        <AccountFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="menu-panel z-50 w-64 rounded-xl border border-line bg-surface p-1.5 shadow-xl"
          // Tab leaves the menu (WAI-ARIA's menu button), as the bell's does: it closes, the focus back on the button.
          onKeyDown={(event) => {
            if (event.key === 'Tab') setOpen(false);
          }}
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-2">
            <span className="block text-xs font-semibold tracking-wide text-muted uppercase">Account Settings</span>
            <span className="block truncate text-sm font-semibold text-ink">
              {user.FirstName} {user.LastName}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-surface-muted" />
          {held ? null : (
            <>
              {settingsItems(config, user.Role).map((item) => (
                <DropdownMenu.Item key={item.to} className={itemClass} onSelect={() => navigate(item.to)}>
                  <span className="text-muted">{item.icon}</span>
                  {item.label}
                </DropdownMenu.Item>
              ))}
              <DropdownMenu.Separator className="my-1 h-px bg-surface-muted" />
            </>
          )}
          {barcodes ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate(barcodes.to)}>
              <span className="text-muted">{barcodes.icon}</span>
              {barcodes.label}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.contactUs)}>
            <span className="text-muted">
              <MailIcon />
            </span>
            Contact Us
          </DropdownMenu.Item>
          <DropdownMenu.CheckboxItem className={itemClass} checked={dark} onCheckedChange={(v) => setDark(v === true)} onSelect={(e) => e.preventDefault()}>
            <span className="text-muted">
              <MoonIcon />
            </span>
            <span className="flex-1">Dark mode</span>
            <span aria-hidden="true" className={cn('relative h-6 w-10 rounded-full transition-colors', dark ? 'bg-primary' : 'bg-line-strong')}>
              <span className={cn('absolute top-0.5 size-5 rounded-full bg-white shadow transition-all', dark ? 'left-[18px]' : 'left-0.5')} />
            </span>
          </DropdownMenu.CheckboxItem>
          <DropdownMenu.Separator className="my-1 h-px bg-surface-muted" />
          {user.OtherAccounts ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => openModal('switch-account')}>
              <span className="text-muted">
                <UsersIcon />
              </span>
              Switch account
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={dangerClass} onSelect={() => void signOut()}>
            <LogOutIcon />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

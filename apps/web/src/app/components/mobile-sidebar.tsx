import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { paths } from '@/config/paths';
import { ArrowLeftRightIcon, LogInIcon, LogOutIcon, MailIcon, MoonIcon, UserIcon, UsersIcon, XIcon } from 'lucide-react';
import { companyName, logoSource } from '@/lib/branding';
import { usePrefsStore } from '@/lib/prefs-store';
import { useUiStore } from '@/lib/ui-store';
import { useChangeCompany, useSignOut } from '../hooks/use-session-actions';
import { barcodeItem, isCurrent, mainNavItems } from './nav-items';
import { useSignInActions } from '@/features/auth/api/get-sign-in-actions';
import { cn } from '@/lib/cn';

const rowClass = 'flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-left text-base font-medium text-ink-soft hover:bg-surface-muted';

/**
 * The phone menu (B12): greeting and Logout when signed in, Login when not; Contact Us,
 * Account Settings and Change Company always.
 */
export function MobileSidebar({
  open,
  onOpenChange,
  config,
  user,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  config: CompanyConfig;
  user: CustomerUser | null;
  /** The menu button: closed, the menu gives it the focus back (Radix does so only for its own trigger). */
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const changeCompany = useChangeCompany();
  const openModal = useUiStore((s) => s.openModal);
  const dark = usePrefsStore((s) => s.dark);
  const setDark = usePrefsStore((s) => s.setDark);
  const logo = logoSource(config);
  const close = () => onOpenChange(false);
  // Nothing but the queue while sign-in actions are pending (decision 021).
  const held = (useSignInActions().data?.length ?? 0) > 0;
  const items = user && !held ? mainNavItems(config, true, user.Role) : [];
  const barcodes = held ? null : barcodeItem(user);
  if (barcodes) items.push(barcodes);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          className="drawer-panel fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-xs flex-col bg-surface shadow-2xl outline-none"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Unless a chosen page or dialog has taken the focus meanwhile.
            if ((document.activeElement && document.activeElement !== document.body) || !opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className="flex items-center justify-between gap-3 border-b border-line-soft px-4 py-3">
            <Dialog.Title className="min-w-0">
              {logo ? (
                <img src={logo} alt={companyName(config)} className="h-9 w-auto max-w-[170px] object-contain" />
              ) : (
                <span className="block truncate text-lg font-bold text-ink">{companyName(config)}</span>
              )}
            </Dialog.Title>
            <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-muted" aria-label="Close menu">
              <XIcon className="size-6" />
            </Dialog.Close>
          </div>

          <nav aria-label="Menu" className="flex-1 overflow-y-auto px-3 py-4">
            {user ? <p className="px-3 pb-4 text-xl font-bold tracking-tight wrap-anywhere text-ink">Hi {user.FirstName}</p> : null}
            {items.length > 0 ? (
              <ul className="flex flex-col gap-1 border-b border-line-soft pb-3">
                {items.map((item) => {
                  const current = isCurrent(pathname, item.section);
                  return (
                    <li key={item.to}>
                      <Link to={item.to} onClick={close} aria-current={current ? 'page' : undefined} className={cn(rowClass, current ? 'bg-primary-tint font-semibold text-primary-tint-ink' : '')}>
                        <span className={current ? 'text-primary-ink' : 'text-muted'}>{item.icon}</span>
                        {item.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            <ul className="flex flex-col gap-1 pt-3">
              <li>
                <Link to={paths.contactUsMobile} onClick={close} className={rowClass}>
                  <span className="text-muted">
                    <MailIcon />
                  </span>
                  Contact Us
                </Link>
              </li>
              {/* The settings pages wait for the sign-in actions (decision 021): not offered meanwhile. */}
              {held ? null : (
                <li>
                  <Link to={paths.settingsMenu} onClick={close} className={rowClass}>
                    <span className="text-muted">
                      <UserIcon />
                    </span>
                    Account Settings
                  </Link>
                </li>
              )}
              {user ? null : <MenuAction icon={<LogInIcon />} label="Login" onClick={() => openModal('login')} close={close} />}
              {user?.OtherAccounts ? <MenuAction icon={<UsersIcon />} label="Switch account" onClick={() => openModal('switch-account')} close={close} /> : null}
              <MenuAction icon={<ArrowLeftRightIcon />} label="Change Company" onClick={() => void changeCompany()} close={close} />
              <li>
                <button type="button" role="switch" aria-checked={dark} className={rowClass} onClick={() => setDark(!dark)}>
                  <span className="text-muted">
                    <MoonIcon />
                  </span>
                  <span className="flex-1">Dark mode</span>
                  <span aria-hidden="true" className={cn('relative h-6 w-10 rounded-full transition-colors', dark ? 'bg-primary' : 'bg-line-strong')}>
                    <span className={cn('absolute top-0.5 size-5 rounded-full bg-white shadow transition-all', dark ? 'left-[18px]' : 'left-0.5')} />
                  </span>
                </button>
              </li>
            </ul>
          </nav>

          {user ? (
            <div className="border-t border-line-soft p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              <button
                type="button"
                className={cn(rowClass, 'text-danger hover:bg-danger-surface')}
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                <LogOutIcon />
                Logout
              </button>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A row of the menu that does something rather than go somewhere: the menu closes first. */
function MenuAction({ icon, label, onClick, close }: { icon: ReactNode; label: string; onClick: () => void; close: () => void }) {
  return (
    <li>
      <button
        type="button"
        className={rowClass}
        onClick={() => {
          close();
          onClick();
        }}
      >
        <span className="text-muted">{icon}</span>
        {label}
      </button>
    </li>
  );
}

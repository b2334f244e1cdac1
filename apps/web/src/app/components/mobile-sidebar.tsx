import * as Dialog from '@radix-ui/react-dialog';
import { Link, useLocation } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { paths } from '@/config/paths';
import { CloseIcon, LoginIcon, LogoutIcon, MailIcon, MoonIcon, SwitchIcon, UserIcon } from '@/components/ui/icons';
import { companyName, logoSource } from '@/lib/branding';
import { usePrefsStore } from '@/lib/prefs-store';
import { useUiStore } from '@/lib/ui-store';
import { useChangeCompany, useSignOut } from '../hooks/use-session-actions';
import { barcodeItem, isCurrent, mainNavItems } from './nav-items';

const rowClass =
  'flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-left text-base font-medium text-slate-700 hover:bg-slate-100';

/**
 * The phone menu (B12): greeting and Logout when signed in, Login when not; Contact Us,
 * Account Settings and Change Company always.
 */
export function MobileSidebar({
  open,
  onOpenChange,
  config,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  config: CompanyConfig;
  user: CustomerUser | null;
}) {
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const changeCompany = useChangeCompany();
  const openModal = useUiStore((s) => s.openModal);
  const dark = usePrefsStore((s) => s.dark);
  const setDark = usePrefsStore((s) => s.setDark);
  const logo = logoSource(config);
  const close = () => onOpenChange(false);
  const items = user ? mainNavItems(config, true) : [];
  const barcodes = barcodeItem(user);
  if (barcodes) items.push(barcodes);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          className="drawer-panel fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-xs flex-col bg-white shadow-2xl outline-none"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
            <Dialog.Title className="min-w-0">
              {logo ? (
                <img src={logo} alt={companyName(config)} className="h-9 w-auto max-w-[170px] object-contain" />
              ) : (
                <span className="block truncate text-lg font-bold text-slate-900">{companyName(config)}</span>
              )}
            </Dialog.Title>
            <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100" aria-label="Close menu">
              <CloseIcon className="size-6" />
            </Dialog.Close>
          </div>

          <nav aria-label="Menu" className="flex-1 overflow-y-auto px-3 py-4">
            {user ? (
              <p className="px-3 pb-4 text-xl font-bold tracking-tight text-slate-900">Hi {user.FirstName}</p>
            ) : null}
            {items.length > 0 ? (
              <ul className="flex flex-col gap-1 border-b border-slate-100 pb-3">
                {items.map((item) => {
                  const current = isCurrent(pathname, item.section);
                  return (
                    <li key={item.to}>
                      <Link
                        to={item.to}
                        onClick={close}
                        aria-current={current ? 'page' : undefined}
                        className={`${rowClass} ${current ? 'bg-brand-50 font-semibold text-brand-900' : ''}`}
                      >
                        <span className={current ? 'text-brand-solid' : 'text-slate-500'}>{item.icon}</span>
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
                  <span className="text-slate-500"><MailIcon /></span>
                  Contact Us
                </Link>
              </li>
              <li>
                <Link to={paths.settingsMenu} onClick={close} className={rowClass}>
                  <span className="text-slate-500"><UserIcon /></span>
                  Account Settings
                </Link>
              </li>
              {user ? null : (
                <li>
                  <button
                    type="button"
                    className={rowClass}
                    onClick={() => {
                      close();
                      openModal('login');
                    }}
                  >
                    <span className="text-slate-500"><LoginIcon /></span>
                    Login
                  </button>
                </li>
              )}
              <li>
                <button
                  type="button"
                  className={rowClass}
                  onClick={() => {
                    close();
                    void changeCompany();
                  }}
                >
                  <span className="text-slate-500"><SwitchIcon /></span>
                  Change Company
                </button>
              </li>
              <li>
                <button type="button" role="switch" aria-checked={dark} className={rowClass} onClick={() => setDark(!dark)}>
                  <span className="text-slate-500"><MoonIcon /></span>
                  <span className="flex-1">Dark mode</span>
                  <span aria-hidden="true" className={`relative h-6 w-10 rounded-full transition-colors ${dark ? 'bg-brand-solid' : 'bg-slate-300'}`}>
                    <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${dark ? 'left-[18px]' : 'left-0.5'}`} />
                  </span>
                </button>
              </li>
            </ul>
          </nav>

          {user ? (
            <div className="border-t border-slate-100 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              <button
                type="button"
                className={`${rowClass} text-red-700 hover:bg-red-50`}
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                <LogoutIcon />
                Logout
              </button>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

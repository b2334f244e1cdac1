import { lazy, Suspense, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { Button } from '@/components/ui/button';
import { MenuIcon } from 'lucide-react';
import { useUiStore } from '@/lib/ui-store';
import { useIsMobile } from '@/lib/use-media';
import { useIdle } from '@/lib/use-idle';
import { useContentPainted } from '@/lib/content-painted';
import { paths } from '@/config/paths';
import { useChangeCompany } from '../hooks/use-session-actions';
import { useSignInActions } from '@/features/auth/api/get-sign-in-actions';
import { ACCOUNT_TRIGGER_CLASS, AccountFace } from './account-face';
import { CartButton } from './cart-button';
import { CartHoldKeeper } from '@/features/checkout/components/cart-holds';
import { CompanyBrand } from './company-brand';
import { MobileSidebar } from './mobile-sidebar';
import { isCurrent, mainNavItems, offersCart } from './nav-items';
import { cn } from '@/lib/cn';

// The bells poll and carry their own dropdowns; loading them apart keeps them out of the first
// paint (decision 031): on the signed-in home once its content has painted, elsewhere once the
// browser is idle after the first render (decision 038).
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })));
// The account menu (and the dropdown and positioning code it brings) is a desktop part: a phone,
// where the home is measured, does not download it (decision 038).
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
const MessageBell = lazy(() => import('@/features/messages/components/message-bell').then((m) => ({ default: m.MessageBell })));

function BellSlot() {
  return <span className="inline-block size-tap" aria-hidden="true" />;
}

/** The top bar of D1 §2 "Navigation", shaded Light or Dark by the company (C6). */
export function TopNav({ config, user }: { config: CompanyConfig; user: CustomerUser | null }) {
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A page left with the menu open (the phone's Back, a link in a notice) closes it: the new page is not under a menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    if (menuOpen) setMenuOpen(false);
  }
  const menuButton = useRef<HTMLButtonElement>(null);
  const openModal = useUiStore((s) => s.openModal);
  const idle = useIdle();
  const contentPainted = useContentPainted();
  // Once loaded, the bells stay through any navigation.
  const [bellsWanted, setBellsWanted] = useState(false);
  if (!bellsWanted && (pathname === paths.company ? contentPainted : idle)) setBellsWanted(true);
  const changeCompany = useChangeCompany();
  // While sign-in actions are queued the server answers nothing else (decision 021): no links,
  // bells or cart that would only lead back to the queue or poll in vain.
  const held = (useSignInActions().data?.length ?? 0) > 0;
  const items = user && !held ? mainNavItems(config, mobile, user.Role) : [];
  // X16: the bell shows unless the company switched notifications off explicitly.
  const showNotifications = config.ShowNotificationsTab !== false && !held;

  return (
    <header className="sticky top-0 z-40 border-b border-nav-line bg-nav/95 backdrop-blur supports-[backdrop-filter]:bg-nav/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-2 sm:gap-4 sm:px-6">
        {mobile ? (
          <button
            ref={menuButton}
            type="button"
            onClick={() => setMenuOpen(true)}
            className="inline-flex size-tap shrink-0 items-center justify-center rounded-full text-nav-ink hover:bg-nav-hover"
            aria-label="Open menu"
            aria-expanded={menuOpen}
          >
            <MenuIcon className="size-glyph" />
          </button>
        ) : null}

        {/* The logo gives way on the narrowest phones (320 px), never the menu, bells or cart. */}
        <CompanyBrand config={config} className="shrink" />

        {!mobile && items.length > 0 ? (
          <nav aria-label="Main" className="ml-2 flex h-full min-w-0 items-stretch gap-1 overflow-x-auto">
            {items.map((item) => {
              const current = isCurrent(pathname, item.section);
              return (
                <NavLink
                  key={item.to}
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  className={cn('relative flex items-center px-3 text-sm font-semibold whitespace-nowrap transition-colors', current ? 'text-nav-ink' : 'text-nav-muted hover:text-nav-ink')}
                >
                  {item.label}
                  <span aria-hidden="true" className={cn('absolute inset-x-2 bottom-0 h-[3px] rounded-t-full transition-colors', current ? 'bg-nav-active' : 'bg-transparent')} />
                </NavLink>
              );
            })}
          </nav>
        ) : null}

        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
          {user ? (
            <>
              {showNotifications ? <Suspense fallback={<BellSlot />}>{bellsWanted ? <NotificationBell /> : <BellSlot />}</Suspense> : null}
              {config.EnableMessages && !held ? <Suspense fallback={<BellSlot />}>{bellsWanted ? <MessageBell /> : <BellSlot />}</Suspense> : null}
              {offersCart(user.Role, config) && !held ? (
                <>
                  <CartButton />
                  <CartHoldKeeper />
                </>
              ) : null}
              {mobile ? null : (
                <span className="ml-1">
                  <Suspense
                    fallback={
                      <span className={ACCOUNT_TRIGGER_CLASS} aria-hidden="true">
                        <AccountFace user={user} />
                      </span>
                    }
                  >
                    <AccountMenu config={config} user={user} />
                  </Suspense>
                </span>
              )}
            </>
          ) : mobile ? (
            <Button size="sm" className="sm:min-h-10" onClick={() => openModal('login')}>
              Login
            </Button>
          ) : (
            <>
              <button type="button" onClick={() => void changeCompany()} className="inline-flex min-h-11 items-center rounded-button px-3 text-sm font-semibold text-nav-ink hover:bg-nav-hover">
                Change Company
              </button>
              <Button onClick={() => openModal('login')}>Login</Button>
            </>
          )}
        </div>
      </div>
      {mobile ? <MobileSidebar open={menuOpen} onOpenChange={setMenuOpen} config={config} user={user} opener={menuButton} /> : null}
    </header>
  );
}

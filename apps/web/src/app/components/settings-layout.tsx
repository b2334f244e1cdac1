import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeftIcon } from 'lucide-react';
import { paths } from '@/config/paths';
import { signInActionsQueryOptions } from '@/features/auth/api/get-sign-in-actions';
import { useConfig } from '@/entities/company/get-company-config';
import { useCurrentUser } from '@/entities/customer/identity';
import { cn } from '@/lib/cn';
import { useSettingsBack } from '@/lib/settings-back';
import { useIsMobile } from '@/lib/use-media';
import { isCurrent, settingsItems } from './nav-items';

const backClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-lg pr-3 text-base font-semibold text-primary-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/**
 * /hub/settings/* (K1–K5): "Account Settings" with a tab bar of the company's settings tabs
 * (Billing only with ShowPaymentDetailsTab). While a tab edits something, a back button
 * labelled with the tab replaces the bar (K3). On a phone the settings menu
 * (/hub/settings-main-page) is the tab bar, so the page leads back to it instead (K5).
 */
export function SettingsLayout() {
  const config = useConfig();
  const user = useCurrentUser();
  const mobile = useIsMobile();
  const back = useSettingsBack();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const tabs = settingsItems(config, user?.Role);
  const current = tabs.find((t) => isCurrent(pathname, t.section));

  // K4: switching tabs refreshes the sign-in actions.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: signInActionsQueryOptions.queryKey });
  }, [pathname, queryClient]);

  let bar;
  if (back) {
    bar = (
      <button type="button" onClick={back.onBack} className={backClass}>
        <ChevronLeftIcon aria-hidden="true" className="size-5" />
        {back.label}
      </button>
    );
  } else if (mobile) {
    bar = (
      <Link to={paths.settingsMenu} className={backClass}>
        <ChevronLeftIcon aria-hidden="true" className="size-5" />
        Account Settings
      </Link>
    );
  } else {
    bar = (
      <nav aria-label="Account Settings" className="-mx-1 overflow-x-auto border-b border-line">
        <ul className="flex gap-1 px-1">
          {tabs.map((tab) => {
            const active = tab === current;
            return (
              <li key={tab.to}>
                <Link
                  to={tab.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    '-mb-px inline-flex min-h-12 items-center gap-2 border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors [&_svg]:size-4',
                    active ? 'border-primary text-primary-ink' : 'border-transparent text-muted hover:border-line-strong hover:text-ink',
                  )}
                >
                  <span aria-hidden="true">{tab.icon}</span>
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      {mobile ? (
        <>
          <div className="mb-2 -ml-1">{bar}</div>
          <h1 className="mb-5 text-2xl font-bold tracking-tight text-ink">{current?.label ?? 'Account Settings'}</h1>
        </>
      ) : (
        <>
          <h1 className="mb-4 text-3xl font-bold tracking-tight text-ink">Account Settings</h1>
          <div className="mb-6">{bar}</div>
        </>
      )}
      <Outlet />
    </div>
  );
}

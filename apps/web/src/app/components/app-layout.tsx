import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { useCurrentUser } from '@/entities/customer/identity';
import { TopNav } from './top-nav';

/**
 * The portal frame: skip link, top bar, the page in <main>, a short footer. Used as a
 * layout route (children through <Outlet/>) or around a single screen. The page area is at least
 * the screen's height under the 4rem bar, so the footer starts below the fold: a page whose
 * content arrives after its skeleton grows without moving the footer on screen (a layout shift,
 * decision 038).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const config = useConfig();
  const user = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-semibold text-ink shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <TopNav config={config} user={user} />
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        {children ?? <Outlet />}
      </main>
      <footer className="border-t border-line bg-surface">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-5 text-sm text-muted sm:flex-row sm:px-6">
          <p>
            © {new Date().getFullYear()} {config.CompanyDisplayName}
          </p>
          <Link to={paths.contactUs} className="inline-flex min-h-6 items-center rounded font-medium text-ink-soft hover:text-ink hover:underline">
            Contact Us
          </Link>
        </div>
      </footer>
    </div>
  );
}

import { Outlet } from 'react-router';
import { useConfig } from '@/entities/company/get-company-config';
import { CompanyBrand } from './company-brand';

/** Public pages reached by links from outside (registration, OB, session link): brand, no nav. */
export function StandaloneLayout() {
  const config = useConfig();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-nav-line bg-nav">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <CompanyBrand config={config} />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}

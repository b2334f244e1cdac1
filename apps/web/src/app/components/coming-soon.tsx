import { useMatches } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import { PageHeader } from '@/components/ui/page-header';
import { useCompanyConfig } from '@/entities/company/get-company-config';

export interface RouteHandle {
  /** The page name; a function when it depends on the company (e.g. "{StudentTerm}s"). */
  title?: string | ((config: CompanyConfig | undefined) => string);
}

export function handleTitle(handle: unknown, config: CompanyConfig | undefined): string | null {
  const title = (handle as RouteHandle | undefined)?.title;
  if (!title) return null;
  return typeof title === 'function' ? title(config) : title;
}

/**
 * The honest header of an area whose screens arrive in a later release: the route,
 * its guard and its navigation entry are real; the page says it opens soon.
 */
export function ComingSoon() {
  const matches = useMatches();
  const { data: config } = useCompanyConfig();
  const title =
    [...matches]
      .reverse()
      .map((m) => handleTitle(m.handle, config))
      .find(Boolean) ?? 'This page';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title={title} />
      <div className="rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-10 text-center">
        <p className="text-ink-soft">This area opens soon.</p>
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import { paths } from '@/config/paths';
import { companyName, logoSource } from '@/lib/branding';
import { cn } from '@/lib/cn';

/** Logo (logoImage when UseLogoImage, else CompanyLogo) or the alternate name (B1). */
export function CompanyBrand({ config, className = '' }: { config: CompanyConfig; className?: string }) {
  const logo = logoSource(config);
  const name = companyName(config);
  return (
    <Link to={paths.company} className={cn('flex min-h-11 min-w-0 items-center rounded-lg', className)} aria-label={`${name} — Home`}>
      {logo ? (
        // On a dark bar (dark shading or dark mode) a white chip keeps dark logos visible.
        <span className="min-w-0 in-data-[nav=dark]:rounded-lg in-data-[nav=dark]:bg-white in-data-[nav=dark]:px-2 in-data-[nav=dark]:py-1 dark:rounded-lg dark:bg-white dark:px-2 dark:py-1">
          <img src={logo} alt="" className="h-9 w-auto max-w-[min(160px,100%)] object-contain object-left sm:h-10 sm:max-w-[200px]" />
        </span>
      ) : (
        <span className="truncate text-lg font-bold tracking-tight text-nav-ink">{name}</span>
      )}
    </Link>
  );
}

import { Link } from 'react-router';
import type { CompanyBrand as Brand } from '@portal/shared/company-config';
import { paths } from '@/config/paths';
import { companyName, logoSource } from '@/lib/branding';
import { cn } from '@/lib/cn';

/**
 * Logo (logoImage when UseLogoImage, else CompanyLogo) or the alternate name (B1): a link home in the
 * portal's bars; `home={false}` on a page of a company the browser may not be in (an invitation's), where
 * home is another company's. The name takes the text colour around it (the bar's, unless `className` says).
 */
export function CompanyBrand({ config, home = true, className = '' }: { config: Brand; home?: boolean; className?: string }) {
  const logo = logoSource(config);
  const name = companyName(config);
  const mark = logo ? (
    // On a dark bar (dark shading or dark mode) a white chip keeps dark logos visible.
    <span className="min-w-0 in-data-[nav=dark]:rounded-lg in-data-[nav=dark]:bg-white in-data-[nav=dark]:px-2 in-data-[nav=dark]:py-1 dark:rounded-lg dark:bg-white dark:px-2 dark:py-1">
      <img src={logo} alt={home ? '' : name} className="h-9 w-auto max-w-[min(160px,100%)] object-contain object-left sm:h-10 sm:max-w-[200px]" />
    </span>
  ) : (
    <span className="truncate text-lg font-bold tracking-tight">{name}</span>
  );
  const classes = cn('flex min-h-11 min-w-0 items-center rounded-lg text-nav-ink', className);
  return home ? (
    <Link to={paths.company} className={classes} aria-label={`${name} — Home`}>
      {mark}
    </Link>
  ) : (
    <div className={classes}>{mark}</div>
  );
}

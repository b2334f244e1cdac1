import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CompanyBrand as Brand } from '@portal/shared/company-config';
import { companyConfigQueryOptions, useCompanyConfig } from '@/entities/company/get-company-config';
import { useInvitation } from '@/features/family-access/api/family-access';
import { JoinFamily } from '@/features/family-access/components/join-family';
import { applyBranding, resetBranding } from '@/lib/branding';
import { CompanyBrand } from '../components/company-brand';

/**
 * /join-family?token=T&id=X: the link in a family-access invitation (decision 101), in the branding
 * of the company it names. A browser in another company stays in it (opening the link signs no one
 * out): the page wears the invitation's company's look until it is left or the invitation accepted.
 */
export default function JoinFamilyRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: config } = useCompanyConfig();
  const { data: invitation } = useInvitation(token);
  // Known by its id, not its name: another company may go by the same name.
  const inIt = config !== undefined && config.CustomerID === (invitation?.customer_id ?? Number(params.get('id')));
  const worn = invitation && !inIt ? invitation.brand : null;
  useWornBrand(worn);
  const brand = inIt ? config : worn;
  return (
    <main className="flex min-h-dvh items-start justify-center bg-canvas px-4 py-8 sm:items-center sm:py-12">
      <div className="w-full max-w-md rounded-2xl bg-surface p-6 shadow-xl ring-1 ring-ink/5 sm:p-8">
        {brand ? <CompanyBrand config={brand} home={false} className="mb-6 text-ink" /> : null}
        <JoinFamily token={token} currentCompanyId={config?.CustomerID ?? null} />
      </div>
    </main>
  );
}

/** Another company's look on the page while it shows; leaving it brings back the look of the company the browser is in. */
function useWornBrand(brand: Brand | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!brand) return;
    applyBranding(brand);
    return () => {
      const current = queryClient.getQueryData(companyConfigQueryOptions.queryKey);
      if (current) applyBranding(current);
      else resetBranding();
    };
  }, [brand, queryClient]);
}

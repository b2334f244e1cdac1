import { useSearchParams } from 'react-router';
import { useCompanyConfig } from '@/entities/company/get-company-config';
import { JoinFamily } from '@/features/family-access/components/join-family';
import { companyName, logoSource } from '@/lib/branding';

/** /join-family?token=T&id=X: the link in a family-access invitation (decision 101), in the branding of the company it names. */
export default function JoinFamilyRoute() {
  const [params] = useSearchParams();
  const { data: config } = useCompanyConfig();
  const logo = config ? logoSource(config) : null;
  return (
    <main className="flex min-h-dvh items-start justify-center bg-canvas px-4 py-8 sm:items-center sm:py-12">
      <div className="w-full max-w-md rounded-2xl bg-surface p-6 shadow-xl ring-1 ring-ink/5 sm:p-8">
        {config ? (
          <div className="mb-6 flex min-h-10 items-center">
            {logo ? <img src={logo} alt={companyName(config)} className="h-10 w-auto max-w-[180px] object-contain" /> : <span className="text-lg font-bold text-ink">{companyName(config)}</span>}
          </div>
        ) : null}
        {/* The company the link named and this page entered: the family's own, when the invitation is of it. */}
        <JoinFamily token={params.get('token') ?? ''} enteredCompanyId={config && String(config.CustomerID) === params.get('id') ? config.CustomerID : null} />
      </div>
    </main>
  );
}

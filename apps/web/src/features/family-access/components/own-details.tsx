import { guardianMessages, roleDescription, roleLabels } from '@portal/shared/guardian-schemas';
import { ListLoading, QueryError } from '@/components/ui/list-states';
import { useConfig } from '@/entities/company/get-company-config';
import { studentTerm } from '@/lib/branding';
import { useOwnAccess } from '../api/family-access';

/**
 * My Details for a guardian whose role does not read the family's details (a payer or a viewer, decisions 101, 124):
 * their own name, the address they sign in with and what their access lets them do.
 */
export function OwnDetails() {
  const own = useOwnAccess();
  const term = studentTerm(useConfig());
  if (own.isPending) return <ListLoading label="Loading your details" />;
  if (own.isLoadingError) return <QueryError query={own} />;
  const { name, email, role } = own.data;
  const rows = [
    { label: 'Name', value: name },
    { label: 'Email', value: email },
    { label: 'Family access', value: roleLabels[role], note: role === 'holder' ? undefined : roleDescription(role, term) },
  ];
  return (
    <section aria-labelledby="details-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <h2 id="details-heading" className="mb-5 text-lg font-semibold text-ink">
        Your details
      </h2>
      <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{row.label}</dt>
            <dd className="mt-1 text-base wrap-anywhere text-ink">{row.value}</dd>
            {row.note ? <dd className="mt-1 text-sm text-muted">{row.note}</dd> : null}
          </div>
        ))}
      </dl>
      <p className="mt-5 text-sm text-muted">{guardianMessages.familyDetailsHolderOnly}</p>
    </section>
  );
}

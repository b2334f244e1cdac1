import { Button } from '@/components/ui/button';
import { useConfig } from '@/entities/company/get-company-config';
import { companyTimeZone, formatDateTime } from '@/lib/format';
import { useLeaveWaitlist, useWaitlist } from '../api/waitlist';

/** The family's waitlist places with their live position. */
export function WaitlistCard() {
  const config = useConfig();
  const waitlist = useWaitlist();
  const leave = useLeaveWaitlist();
  const entries = waitlist.data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="waitlist-title" className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 id="waitlist-title" className="font-semibold text-ink">
        Waitlist
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {entries.map((e) => (
          <li key={e.WaitlistID} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-ink">{e.ClassName}</p>
              <p className="text-sm text-ink-soft">
                {e.StudentName} ·{' '}
                {e.Status === 'offered' ? (
                  <strong className="text-success">A place is held for you until {formatDateTime(e.OfferExpiresAt, config.localization.DateFormat, companyTimeZone(config), false)}</strong>
                ) : (
                  <span>Position {e.Position} on the waitlist</span>
                )}
              </p>
            </div>
            <Button size="sm" variant="secondary" loading={leave.isPending && leave.variables === e.WaitlistID} onClick={() => leave.mutate(e.WaitlistID)}>
              Leave waitlist
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

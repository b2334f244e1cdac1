import { CalendarClockIcon } from 'lucide-react';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states';
import { errorMessage } from '@/lib/api-client';
import { useConfig } from '@/entities/company/get-company-config';
import { formatDate, formatMoney } from '@/lib/format';
import { useUpcomingPayments } from '@/features/financials/api/get-upcoming-payments';
import { Pager } from '@/components/ui/pager';
import { SortToggle, useListParams } from '@/features/financials/components/list-controls';

/** /hub/financials/upcoming-payments (I11, I12): the instalments still to be charged. */
export default function UpcomingPaymentsRoute() {
  const config = useConfig();
  const { sort, page, update } = useListParams();
  const list = useUpcomingPayments({ sort, page });
  const payments = list.data?.payments ?? [];
  const date = (d: string) => formatDate(d, config.localization.DateFormat);
  const money = (c: number) => formatMoney(c, config.localization.CurrencySymbol);

  return (
    <section aria-labelledby="upcoming-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="upcoming-heading" className="text-lg font-semibold text-ink">
          Upcoming Payments
        </h2>
        <SortToggle sort={sort} onChange={(s) => update({ sort: s, page: 1 })} />
      </div>
      {list.isPending ? (
        <ListLoading label="Loading upcoming payments" />
      ) : list.isError ? (
        <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : payments.length === 0 ? (
        <EmptyState icon={<CalendarClockIcon className="size-7" />} text="No upcoming payments." />
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
          <table className="min-w-full divide-y divide-line text-sm">
            <caption className="sr-only">Upcoming payments</caption>
            <thead className="bg-canvas">
              <tr className="text-left text-xs font-semibold tracking-wide text-muted uppercase">
                <th scope="col" className="px-4 py-3 sm:px-5">
                  Next Charge
                </th>
                <th scope="col" className="px-4 py-3 text-right sm:px-5">
                  Amount
                </th>
                <th scope="col" className="px-4 py-3 sm:px-5">
                  Period
                </th>
                <th scope="col" className="px-4 py-3 text-right sm:px-5">
                  Remaining
                </th>
                <th scope="col" className="px-4 py-3 sm:px-5">
                  Notes
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line-soft">
              {payments.map((p, i) => (
                <tr key={`${p.nextCharge}-${i}`}>
                  <td className="px-4 py-3 whitespace-nowrap text-ink sm:px-5">{date(p.nextCharge)}</td>
                  <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-ink tabular-nums sm:px-5">{money(p.amount)}</td>
                  <td className="px-4 py-3 text-ink-soft sm:px-5">{p.period}</td>
                  <td className="px-4 py-3 text-right text-ink-soft tabular-nums sm:px-5">{p.remainingCharges}</td>
                  <td className="min-w-48 px-4 py-3 text-ink-soft sm:px-5">{p.notes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && list.data.total_count > 0 ? (
        <Pager
          page={page}
          current={Math.min(page, list.data.total_pages)}
          total={list.data.total_pages}
          summary={`· ${list.data.total_count} payments`}
          showSinglePage
          className="mt-4"
          onPage={(p) => update({ page: p })}
        />
      ) : null}
    </section>
  );
}

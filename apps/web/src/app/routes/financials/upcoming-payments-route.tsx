import { Link } from 'react-router';
import { StackedTable } from '@/components/ui/stacked-table';
import { paths } from '@/config/paths';
import { CalendarClockIcon } from 'lucide-react';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';

import { useConfig } from '@/entities/company/get-company-config';
import { formatDate, formatMoney } from '@/lib/format';
import { useUpcomingPayments } from '@/features/financials/api/get-upcoming-payments';
import { Pager } from '@/components/ui/pager';
import { SortToggle, useListParams } from '@/features/financials/components/list-controls';

/** /hub/financials/upcoming-payments (I11, I12): the instalments still to be charged. */
export default function UpcomingPaymentsRoute() {
  const config = useConfig();
  // What is to come: the next charge first.
  const { sort, page, update } = useListParams('asc');
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
        <SortToggle sort={sort} dates="ahead" onChange={(s) => update({ sort: s, page: 1 })} />
      </div>
      {list.isPending ? (
        <ListLoading label="Loading upcoming payments" />
      ) : list.isLoadingError ? (
        <QueryError query={list} />
      ) : payments.length === 0 ? (
        <EmptyState icon={<CalendarClockIcon className="size-7" />} text="No upcoming payments.">
          {/* A family with a Scheduled invoice looked for it here. */}
          <p className="max-w-md text-sm text-muted">
            The charges of a payment plan are listed here. Invoices due later are under{' '}
            <Link to={paths.invoicesAndReceipts} className="font-semibold text-primary-ink underline-offset-4 hover:underline">
              Invoices &amp; Receipts
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <div className="rounded-2xl border border-line bg-surface shadow-sm">
          <StackedTable
            caption="Upcoming payments"
            rows={payments}
            rowKey={(p, i) => `${p.nextCharge}-${i}`}
            columns={[
              { header: 'Next Charge', title: true, cell: (p) => date(p.nextCharge), className: 'sm:font-normal sm:whitespace-nowrap' },
              { header: 'Amount', align: 'right', cell: (p) => money(p.amount), className: 'font-semibold text-ink' },
              { header: 'Period', cell: (p) => p.period, className: 'text-ink-soft' },
              { header: 'Remaining', align: 'right', cell: (p) => p.remainingCharges, className: 'text-ink-soft' },
              { header: 'Notes', cell: (p) => p.notes, className: 'col-span-2 text-ink-soft sm:min-w-48' },
            ]}
          />
        </div>
      )}
      {list.data && list.data.total_count > 0 ? (
        <Pager
          page={page}
          current={Math.min(page, list.data.total_pages)}
          total={list.data.total_pages}
          summary={`${list.data.total_count} ${list.data.total_count === 1 ? 'payment' : 'payments'}`}
          showSinglePage
          className="mt-4"
          onPage={(p) => update({ page: p })}
        />
      ) : null}
    </section>
  );
}

import { DownloadIcon, ReceiptIcon } from 'lucide-react';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states';
import { errorMessage } from '@/lib/api-client';
import { useConfig } from '@/entities/company/get-company-config';
import { formatDate, formatMoney } from '@/lib/format';
import { useBalanceHistory } from '@/features/financials/api/get-balance-history';
import { receiptPdfUrl } from '@/features/financials/api/get-invoice';
import { Pager } from '@/components/ui/pager';
import { SearchBox, SortToggle, useListParams } from '@/features/financials/components/list-controls';

/** /hub/financials/balance-history (I10, I12, I13): each payment with the invoice it paid. */
export default function BalanceHistoryRoute() {
  const config = useConfig();
  const { search, sort, page, update } = useListParams();
  const list = useBalanceHistory({ search, sort, page });
  const payments = list.data?.payments ?? [];
  const date = (d: string) => formatDate(d, config.localization.DateFormat);
  const money = (c: number) => formatMoney(c, config.localization.CurrencySymbol);

  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="sr-only">
        Balance History
      </h2>
      <div className="mb-4 flex flex-wrap items-start gap-3">
        <SearchBox list="balanceHistory" value={search} label="Search payments" onSearch={(q) => update({ q, page: 1 })} />
        <SortToggle sort={sort} onChange={(s) => update({ sort: s, page: 1 })} />
      </div>
      {list.isPending ? (
        <ListLoading label="Loading payments" />
      ) : list.isError ? (
        <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : payments.length === 0 ? (
        <EmptyState icon={<ReceiptIcon className="size-7" />} text={search ? `No payments match “${search}”.` : 'No payments yet.'} />
      ) : (
        <ul className="divide-y divide-line-soft overflow-hidden rounded-2xl border border-line bg-surface shadow-sm" aria-label="Payments">
          {payments.map((p) => (
            <li key={`${p.receiptNumber}-${p.invoiceNo}`} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5">
              <div className="min-w-0">
                <p className="font-semibold text-ink tabular-nums">{money(p.amount)}</p>
                <p className="text-sm text-muted">
                  {date(p.date)} · Invoice {p.invoiceNo} · {p.method}
                </p>
              </div>
              <a
                href={receiptPdfUrl(p.receiptNumber)}
                download
                className="inline-flex min-h-10 items-center gap-1.5 rounded-button px-2 text-sm font-semibold text-primary-tint-ink hover:text-ink hover:underline"
              >
                <DownloadIcon aria-hidden="true" className="size-4" /> Receipt {p.receiptNumber}
              </a>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total_count > 0 ? (
        <Pager
          page={page}
          current={Math.min(page, list.data.total_pages)}
          total={list.data.total_pages}
          summary={`${list.data.total_count} payments`}
          showSinglePage
          className="mt-4"
          onPage={(p) => update({ page: p })}
        />
      ) : null}
    </section>
  );
}

import { DownloadIcon, ReceiptIcon } from 'lucide-react';
import type { BalanceHistoryRow, StatementSummary } from '@portal/shared/financials-schemas';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';

import { useConfig } from '@/entities/company/get-company-config';
import { formatDate, formatMoney } from '@/lib/format';
import { useIsMobile } from '@/lib/use-media';
import { useBalanceHistory } from '@/features/financials/api/get-balance-history';
import { receiptPdfUrl } from '@/features/financials/api/get-invoice';
import { Pager } from '@/components/ui/pager';
import { SearchBox, SortToggle, useListParams } from '@/features/financials/components/list-controls';

type Fmt = { date: (d: string) => string; money: (c: number) => string; balance: (c: number) => string };

/**
 * /hub/financials/balance-history (I10, I12, I13), read as a statement (decision 081): each invoice
 * charged and each payment made, with what the family owed after it.
 */
export default function BalanceHistoryRoute() {
  const config = useConfig();
  const { search, sort, page, update } = useListParams();
  const list = useBalanceHistory({ search, sort, page });
  const isMobile = useIsMobile();
  const entries = list.data?.entries ?? [];
  const money = (c: number) => formatMoney(c, config.localization.CurrencySymbol);
  const fmt: Fmt = {
    date: (d) => formatDate(d, config.localization.DateFormat),
    money,
    // Below zero the family has paid ahead: say so rather than show a minus sign.
    balance: (c) => (c < 0 ? `${money(-c)} in credit` : money(c)),
  };

  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="sr-only">
        Balance History
      </h2>
      {list.data && (list.data.total_count > 0 || list.data.summary.balance !== 0) ? <Summary summary={list.data.summary} fmt={fmt} /> : null}
      <div className="mb-4 flex flex-wrap items-start gap-3">
        <SearchBox list="balanceHistory" value={search} label="Search balance history" onSearch={(q) => update({ q, page: 1 })} />
        <SortToggle sort={sort} onChange={(s) => update({ sort: s, page: 1 })} />
      </div>
      {list.isPending ? (
        <ListLoading label="Loading the balance history" />
      ) : list.isLoadingError ? (
        <QueryError query={list} />
      ) : entries.length === 0 ? (
        <EmptyState icon={<ReceiptIcon className="size-7" />} text={search ? `Nothing matches “${search}”.` : 'No invoices or payments yet.'} />
      ) : isMobile ? (
        <ul className="space-y-3" aria-label="Balance history">
          {entries.map((e) => (
            <EntryCard key={entryKey(e)} entry={e} fmt={fmt} />
          ))}
        </ul>
      ) : (
        <StatementTable entries={entries} fmt={fmt} />
      )}
      {list.data && list.data.total_count > 0 ? (
        <Pager
          page={page}
          current={Math.min(page, list.data.total_pages)}
          total={list.data.total_pages}
          summary={`${list.data.total_count} ${list.data.total_count === 1 ? 'entry' : 'entries'}`}
          showSinglePage
          className="mt-4"
          onPage={(p) => update({ page: p })}
        />
      ) : null}
    </section>
  );
}

/**
 * The statement's balance and, where it holds more than is due now, what else is in it (decision
 * 121): the "You owe" banner above counts only what is due, so the two figures add up.
 */
function Summary({ summary, fmt }: { summary: StatementSummary; fmt: Fmt }) {
  const later = [
    summary.scheduled > 0 ? `${fmt.money(summary.scheduled)} is on invoices scheduled for later` : null,
    summary.byDebit > 0 ? `${fmt.money(summary.byDebit)} will be collected by direct debit` : null,
  ].filter((part) => part !== null);
  const parts = summary.dueNow > 0 ? [`${fmt.money(summary.dueNow)} is due now`, ...later] : later;
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  const heading = `Balance ${fmt.balance(summary.balance)}`;
  return (
    <section aria-label={heading} className="mb-4 rounded-2xl border border-line bg-surface px-4 py-3 shadow-sm sm:px-5">
      <p className="text-base font-bold text-ink tabular-nums">{heading}</p>
      {summary.balance > 0 && later.length > 0 ? <p className="mt-1 text-sm text-ink-soft">{summary.dueNow > 0 ? `Of this, ${listed}.` : `Nothing is due now: ${listed}.`}</p> : null}
    </section>
  );
}

const entryKey = (e: BalanceHistoryRow) => `${e.type}-${e.receiptNumber ?? ''}-${e.invoiceNo}`;

/** What the row was: "Invoice INV-1", or "Payment · Credit Card" for an invoice. */
function Details({ entry: e }: { entry: BalanceHistoryRow }) {
  if (e.type === 'invoice') return <span className="font-semibold text-ink">Invoice {e.invoiceNo}</span>;
  return (
    <>
      <span className="block font-semibold text-ink">Payment{e.method ? ` · ${e.method}` : ''}</span>
      <span className="block text-muted">Invoice {e.invoiceNo}</span>
    </>
  );
}

function ReceiptLink({ receiptNumber }: { receiptNumber: string }) {
  return (
    <a
      href={receiptPdfUrl(receiptNumber)}
      download
      className="inline-flex min-h-10 items-center gap-1.5 rounded-button px-2 text-sm font-semibold whitespace-nowrap text-primary-tint-ink hover:text-ink hover:underline"
    >
      <DownloadIcon aria-hidden="true" className="size-4" /> Receipt {receiptNumber}
    </a>
  );
}

function StatementTable({ entries, fmt }: { entries: BalanceHistoryRow[]; fmt: Fmt }) {
  const head = 'px-5 py-3';
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="min-w-full divide-y divide-line text-sm">
        <caption className="sr-only">Balance history</caption>
        <thead className="bg-canvas">
          <tr className="text-left text-xs font-semibold tracking-wide text-muted uppercase">
            <th scope="col" className={head}>
              Date
            </th>
            <th scope="col" className={head}>
              Details
            </th>
            <th scope="col" className={`${head} text-right`}>
              Charges
            </th>
            <th scope="col" className={`${head} text-right`}>
              Payments
            </th>
            <th scope="col" className={`${head} text-right`}>
              Balance
            </th>
            <th scope="col" className={`${head} text-right`}>
              <span className="sr-only">Receipt</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line-soft">
          {entries.map((e) => (
            <tr key={entryKey(e)}>
              <td className="px-5 py-3 whitespace-nowrap text-ink-soft">{fmt.date(e.date)}</td>
              <td className="px-5 py-3">
                <Details entry={e} />
              </td>
              <td className="px-5 py-3 text-right whitespace-nowrap text-ink-soft tabular-nums">{e.type === 'invoice' ? fmt.money(e.amount) : ''}</td>
              <td className="px-5 py-3 text-right whitespace-nowrap text-ink-soft tabular-nums">{e.type === 'payment' ? fmt.money(e.amount) : ''}</td>
              <td className="px-5 py-3 text-right font-semibold whitespace-nowrap text-ink tabular-nums">{fmt.balance(e.balance)}</td>
              <td className="px-3 py-1 text-right">{e.receiptNumber ? <ReceiptLink receiptNumber={e.receiptNumber} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EntryCard({ entry: e, fmt }: { entry: BalanceHistoryRow; fmt: Fmt }) {
  return (
    <li className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 text-sm">
          <Details entry={e} />
          <span className="block text-muted">{fmt.date(e.date)}</span>
        </div>
        <p className="text-right font-semibold whitespace-nowrap text-ink tabular-nums">
          <span className="sr-only">{e.type === 'invoice' ? 'Charged ' : 'Paid '}</span>
          {e.type === 'invoice' ? '+' : '-'}
          {fmt.money(e.amount)}
        </p>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 border-t border-line-soft pt-2 text-sm">
        <span className="text-ink-soft">
          Balance <span className="font-semibold text-ink tabular-nums">{fmt.balance(e.balance)}</span>
        </span>
        {e.receiptNumber ? <ReceiptLink receiptNumber={e.receiptNumber} /> : null}
      </div>
    </li>
  );
}

import { Link } from 'react-router';
import { ChevronRightIcon, FileTextIcon } from 'lucide-react';
import type { FinancialsInvoice } from '@portal/shared/financials-schemas';
import { buttonClasses, ROW_LINK_CLASS } from '@/components/ui/button';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';
import { paths } from '@/config/paths';

import { useConfig } from '@/entities/company/get-company-config';
import { formatDate, formatMoney } from '@/lib/format';
import { useIsMobile } from '@/lib/use-media';
import { useInvoices } from '@/features/financials/api/get-invoices';
import { Pager } from '@/components/ui/pager';
import { SearchBox, SortToggle, useListParams } from '@/features/financials/components/list-controls';
import { PayNowLink } from '@/features/financials/components/pay-now-link';

/** /hub/financials/invoices-and-receipts (I5–I9, I12, I13). */
export default function InvoicesRoute() {
  const config = useConfig();
  const { search, sort, page, update } = useListParams();
  const list = useInvoices({ search, sort, page });
  const isMobile = useIsMobile();
  const payOnline = config.fin_setup.InvoicesPaidOnline;
  const fmt = { date: (d: string) => formatDate(d, config.localization.DateFormat), money: (c: number) => formatMoney(c, config.localization.CurrencySymbol) };
  const invoices = list.data?.invoices ?? [];

  return (
    <section aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className="sr-only">
        Invoices & Receipts
      </h2>
      <div className="mb-4 flex flex-wrap items-start gap-3">
        <SearchBox list="invoices" value={search} label="Search invoices" onSearch={(q) => update({ q, page: 1 })} />
        <SortToggle sort={sort} onChange={(s) => update({ sort: s, page: 1 })} />
      </div>
      {list.isPending ? (
        <ListLoading label="Loading invoices" />
      ) : list.isLoadingError ? (
        <QueryError query={list} />
      ) : invoices.length === 0 ? (
        <EmptyState icon={<FileTextIcon className="size-7" />} text={search ? `No invoices match “${search}”.` : 'No invoices yet.'} />
      ) : isMobile ? (
        <ul className="space-y-3" aria-label="Invoices">
          {invoices.map((inv) => (
            <InvoiceCard key={inv.invoiceNumber} invoice={inv} fmt={fmt} payOnline={payOnline} />
          ))}
        </ul>
      ) : (
        <InvoiceTable invoices={invoices} fmt={fmt} payOnline={payOnline} />
      )}
      {list.data && list.data.total_count > 0 ? (
        <Pager
          page={page}
          current={Math.min(page, list.data.total_pages)}
          total={list.data.total_pages}
          summary={`${list.data.total_count} ${list.data.total_count === 1 ? 'invoice' : 'invoices'}`}
          showSinglePage
          className="mt-4"
          onPage={(p) => update({ page: p })}
        />
      ) : null}
    </section>
  );
}

type Fmt = { date: (d: string) => string; money: (c: number) => string };

/** Unpaid shows Pay Now when the company takes invoice payments online; every other status a badge (I6). */
function StatusCell({ invoice, payOnline }: { invoice: FinancialsInvoice; payOnline: boolean }) {
  if (invoice.status === 'Unpaid' && payOnline) return <PayNowLink invoiceNumber={invoice.invoiceNumber} />;
  return <InvoiceStatusBadge status={invoice.status} />;
}

const canOpen = (invoice: FinancialsInvoice) => invoice.status !== 'Debit Scheduled';

function InvoiceTable({ invoices, fmt, payOnline }: { invoices: FinancialsInvoice[]; fmt: Fmt; payOnline: boolean }) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="min-w-full divide-y divide-line text-sm">
        <caption className="sr-only">Invoices</caption>
        <thead className="bg-canvas">
          <tr className="text-left text-xs font-semibold tracking-wide text-muted uppercase">
            <th scope="col" className="px-5 py-3">
              Date
            </th>
            <th scope="col" className="px-5 py-3">
              Invoice No.
            </th>
            <th scope="col" className="px-5 py-3">
              Due Date
            </th>
            <th scope="col" className="px-5 py-3 text-right">
              Total
            </th>
            <th scope="col" className="px-5 py-3 text-right">
              Balance Due
            </th>
            <th scope="col" className="px-5 py-3">
              Status
            </th>
            <th scope="col" className="px-5 py-3 text-right">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line-soft">
          {invoices.map((inv) => (
            <tr key={inv.invoiceNumber} className="transition-colors hover:bg-primary-tint/50">
              <td className="px-5 py-4 whitespace-nowrap text-ink-soft">{fmt.date(inv.date)}</td>
              <th scope="row" className="px-5 py-4 text-left font-semibold whitespace-nowrap text-ink">
                {inv.invoiceNumber}
              </th>
              <td className="px-5 py-4 whitespace-nowrap text-ink-soft">{fmt.date(inv.dueDate)}</td>
              <td className="px-5 py-4 text-right whitespace-nowrap text-ink-soft tabular-nums">{fmt.money(inv.total)}</td>
              <td className="px-5 py-4 text-right font-semibold whitespace-nowrap text-ink tabular-nums">{fmt.money(inv.balanceDue)}</td>
              <td className="px-5 py-4">
                <StatusCell invoice={inv} payOnline={payOnline} />
              </td>
              <td className="px-5 py-4 text-right whitespace-nowrap">
                {canOpen(inv) ? (
                  <Link to={paths.invoice(inv.invoiceNumber)} className={ROW_LINK_CLASS}>
                    View <span className="sr-only">invoice {inv.invoiceNumber}</span>
                    <ChevronRightIcon aria-hidden="true" className="size-4" />
                  </Link>
                ) : inv.debitDate ? (
                  <span className="text-muted">Debit on {fmt.date(inv.debitDate)}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InvoiceCard({ invoice: inv, fmt, payOnline }: { invoice: FinancialsInvoice; fmt: Fmt; payOnline: boolean }) {
  return (
    <li className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">
            <span className="sr-only">Invoice </span>
            {inv.invoiceNumber}
          </p>
          <p className="text-sm text-muted">
            {fmt.date(inv.date)} · Due {fmt.date(inv.dueDate)}
          </p>
        </div>
        <StatusCell invoice={inv} payOnline={payOnline} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted">Total</dt>
          <dd className="font-medium text-ink tabular-nums">{fmt.money(inv.total)}</dd>
        </div>
        <div>
          <dt className="text-muted">Balance Due</dt>
          <dd className="font-semibold text-ink tabular-nums">{fmt.money(inv.balanceDue)}</dd>
        </div>
      </dl>
      {canOpen(inv) ? (
        <Link to={paths.invoice(inv.invoiceNumber)} className={buttonClasses('secondary', 'md', 'mt-3 w-full')}>
          View Invoice <span className="sr-only">{inv.invoiceNumber}</span>
        </Link>
      ) : (
        <p className="mt-3 text-sm text-muted">{inv.debitDate ? `To be paid by direct debit on ${fmt.date(inv.debitDate)}.` : 'Paid automatically by direct debit.'}</p>
      )}
    </li>
  );
}

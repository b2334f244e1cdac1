import { Link } from 'react-router';
import type { HomeInvoice } from '@portal/shared/home-schemas';
import { buttonClasses, ROW_LINK_CLASS } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { formatDate, formatMoney } from '@/lib/format';
import { useIsMobile } from '@/lib/use-media';
import { ExpandableCard } from './expandable-card';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { ChevronRightIcon } from 'lucide-react';

/** D2 §4: a Debit Scheduled invoice is collected automatically and cannot be opened. */
function canOpen(invoice: HomeInvoice): boolean {
  return invoice.status !== 'Debit Scheduled';
}

export function OpenInvoicesList({ items }: { items: HomeInvoice[] }) {
  const config = useConfig();
  const isMobile = useIsMobile();
  const dateFormat = config.localization.DateFormat;
  const money = (cents: number) => formatMoney(cents, config.localization.CurrencySymbol);

  if (isMobile) {
    return (
      <ul className="space-y-3" aria-label="Open invoices">
        {items.map((invoice) => (
          <ExpandableCard
            key={invoice.InvoiceNo}
            summary={
              <span className="flex items-center justify-between gap-3">
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-ink">
                    <span className="sr-only">Invoice </span>
                    {invoice.InvoiceNo}
                  </span>
                  <span className="block text-sm text-muted">Due {formatDate(invoice.PaymentDate, dateFormat)}</span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-semibold tabular-nums text-ink">{money(invoice.balance_due)}</span>
                  <InvoiceStatusBadge status={invoice.status} />
                </span>
              </span>
            }
          >
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <div>
                <dt className="text-muted">Invoice Date</dt>
                <dd className="font-medium text-ink">{formatDate(invoice.InvoiceDate, dateFormat)}</dd>
              </div>
              <div>
                <dt className="text-muted">Due Date</dt>
                <dd className="font-medium text-ink">{formatDate(invoice.PaymentDate, dateFormat)}</dd>
              </div>
              <div>
                <dt className="text-muted">Total</dt>
                <dd className="font-medium tabular-nums text-ink">{money(invoice.Total)}</dd>
              </div>
              <div>
                <dt className="text-muted">Balance Due</dt>
                <dd className="font-medium tabular-nums text-ink">{money(invoice.balance_due)}</dd>
              </div>
            </dl>
            {canOpen(invoice) ? (
              <Link to={paths.invoice(invoice.InvoiceNo)} className={buttonClasses('primary', 'md', 'mt-4 w-full')}>
                View Invoice
              </Link>
            ) : (
              <p className="mt-4 text-sm text-muted">This invoice will be paid automatically by direct debit{invoice.DebitDate ? ` on ${formatDate(invoice.DebitDate, dateFormat)}` : ''}.</p>
            )}
          </ExpandableCard>
        ))}
      </ul>
    );
  }

  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="min-w-full divide-y divide-line text-sm">
        <caption className="sr-only">Open invoices</caption>
        <thead className="bg-canvas">
          <tr className="text-left text-xs font-semibold uppercase tracking-wide text-muted">
            <th scope="col" className="px-5 py-3">
              Invoice No.
            </th>
            <th scope="col" className="px-5 py-3">
              Invoice Date
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
              <span className="sr-only">Invoice</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line-soft">
          {items.map((invoice) => (
            <tr key={invoice.InvoiceNo} className="transition-colors hover:bg-primary-tint/50">
              <th scope="row" className="whitespace-nowrap px-5 py-4 text-left font-semibold text-ink">
                {invoice.InvoiceNo}
              </th>
              <td className="whitespace-nowrap px-5 py-4 text-ink-soft">{formatDate(invoice.InvoiceDate, dateFormat)}</td>
              <td className="whitespace-nowrap px-5 py-4 text-ink-soft">{formatDate(invoice.PaymentDate, dateFormat)}</td>
              <td className="whitespace-nowrap px-5 py-4 text-right tabular-nums text-ink-soft">{money(invoice.Total)}</td>
              <td className="whitespace-nowrap px-5 py-4 text-right font-semibold tabular-nums text-ink">{money(invoice.balance_due)}</td>
              <td className="px-5 py-4">
                <InvoiceStatusBadge status={invoice.status} />
              </td>
              <td className="whitespace-nowrap px-5 py-4 text-right">
                {canOpen(invoice) ? (
                  <Link to={paths.invoice(invoice.InvoiceNo)} className={ROW_LINK_CLASS}>
                    View invoice <span className="sr-only">{invoice.InvoiceNo}</span>
                    <ChevronRightIcon aria-hidden="true" className="size-4" />
                  </Link>
                ) : invoice.DebitDate ? (
                  <span className="text-muted">Debit on {formatDate(invoice.DebitDate, dateFormat)}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

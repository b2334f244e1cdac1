import { StackedTable } from '@/components/ui/stacked-table';
import { lineTypeLabel } from '@portal/shared/pricing/line-type-label';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ONLINE_PAYABLE_INVOICE_STATUSES } from '@portal/shared/constants';
import { DownloadIcon } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { ListLoading, QueryError } from '@/components/ui/list-states';

import { useConfig } from '@/entities/company/get-company-config';
import { ApiRequestError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate, formatMoney } from '@/lib/format';
import { invoicePdfUrl, receiptPdfUrl, useInvoice } from '@/features/financials/api/get-invoice';
import { PayNowLink } from '@/features/financials/components/pay-now-link';

/** /hub/financials/{invoiceNumber} (I14–I16): the invoice with its lines, tax, ABN, bank details and payments. */
export default function InvoiceRoute() {
  const { invoiceNo = '' } = useParams();
  const config = useConfig();
  const invoice = useInvoice(invoiceNo);
  const date = (d: string) => formatDate(d, config.localization.DateFormat);
  const money = (c: number) => formatMoney(c, config.localization.CurrencySymbol);

  if (invoice.isPending) return <ListLoading label="Loading invoice" />;
  if (invoice.isLoadingError) {
    // A Debit Scheduled invoice (D2 §4) is not an error: it is being paid, and a notice about it may lead here.
    if (invoice.error instanceof ApiRequestError && invoice.error.code === 'INVOICE_NOT_OPENABLE') {
      return (
        <div className="rounded-2xl border border-line bg-surface px-4 py-6 text-center text-sm text-ink-soft">
          <p>{invoice.error.message}</p>
          <Link to={paths.invoicesAndReceipts} className={cn(buttonClasses('secondary', 'sm'), 'mt-3')}>
            See your invoices
          </Link>
        </div>
      );
    }
    return <QueryError query={invoice} />;
  }
  const inv = invoice.data;

  return (
    <article aria-labelledby="invoice-heading" className="rounded-2xl border border-line bg-surface shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line px-5 py-5 sm:px-8">
        <div className="min-w-0">
          <h2 id="invoice-heading" className="text-xl font-bold text-ink">
            {inv.title} {inv.invoiceNumber}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {inv.companyName}
            {inv.companyABN ? ` · ABN ${inv.companyABN}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <InvoiceStatusBadge status={inv.status} />
          {inv.canPayOnline ? <PayNowLink invoiceNumber={inv.invoiceNumber} /> : null}
          <a href={invoicePdfUrl(inv.invoiceNumber)} download className={buttonClasses('secondary', 'sm')}>
            <DownloadIcon aria-hidden="true" /> Download PDF
          </a>
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-4 px-5 py-5 text-sm sm:grid-cols-4 sm:px-8">
        <div>
          <dt className="text-muted">Invoice Date</dt>
          <dd className="font-medium text-ink">{date(inv.date)}</dd>
        </div>
        <div>
          <dt className="text-muted">Due Date</dt>
          <dd className="font-medium text-ink">{date(inv.dueDate)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">Bill To</dt>
          <dd className="font-medium text-ink">{[inv.billTo.name, ...inv.billTo.address].join(', ')}</dd>
        </div>
      </dl>

      <div className="border-t border-line">
        <StackedTable
          caption="Invoice lines"
          rows={inv.lines}
          rowKey={(_, i) => String(i)}
          columns={[
            { header: 'Description', title: true, cell: (l) => l.description, className: 'sm:min-w-56' },
            // On a phone the type has the card's width: "Credit Card Surcharge" in half of it broke under its label.
            { header: 'Type', cell: (l) => lineTypeLabel(l.type, l.description), className: 'col-span-2 text-ink-soft sm:whitespace-nowrap' },
            { header: 'Qty', align: 'right', cell: (l) => l.quantity, className: 'text-ink-soft' },
            { header: 'Unit Price', align: 'right', cell: (l) => money(l.unitPrice), className: 'text-ink-soft' },
            { header: inv.taxName, align: 'right', cell: (l) => money(l.tax), className: 'text-ink-soft' },
            { header: 'Total', align: 'right', cell: (l) => money(l.total), className: 'font-medium text-ink' },
          ]}
        />
      </div>

      <div className="flex flex-col gap-6 border-t border-line px-5 py-5 sm:flex-row sm:justify-between sm:px-8">
        <div className="max-w-md space-y-4 text-sm">
          {inv.bankDetails ? (
            <div>
              <h3 className="font-semibold text-ink">Bank Details</h3>
              <p className="mt-1 text-ink-soft">{inv.bankDetails}</p>
            </div>
          ) : null}
          {inv.notes ? <p className="text-ink-soft">{inv.notes}</p> : null}
        </div>
        <dl className="w-full max-w-xs space-y-1.5 text-sm sm:ml-auto">
          <Row label="Subtotal" value={money(inv.subtotal)} />
          <Row label={`${inv.taxName}${inv.taxInclusive ? ' (included)' : ''}`} value={money(inv.tax)} />
          <Row label="Total" value={money(inv.total)} strong />
          <Row label="Paid" value={money(inv.amountPaid)} />
          <Row label="Balance Due" value={money(inv.balanceDue)} strong />
        </dl>
      </div>

      <section aria-labelledby="payments-heading" className="border-t border-line px-5 py-5 sm:px-8">
        <h3 id="payments-heading" className="font-semibold text-ink">
          Payments
        </h3>
        {inv.payments.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No payments yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-line-soft text-sm">
            {inv.payments.map((p) => (
              <li key={p.receiptNumber} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <span className="text-ink">
                  {date(p.date)} · {p.method} · <span className="font-semibold tabular-nums">{money(p.amount)}</span>
                </span>
                <a href={receiptPdfUrl(p.receiptNumber)} download className="inline-flex items-center gap-1.5 font-semibold text-primary-tint-ink hover:text-ink hover:underline">
                  <DownloadIcon aria-hidden="true" className="size-4" /> Receipt {p.receiptNumber}
                </a>
              </li>
            ))}
          </ul>
        )}
        {/* Owed, and not payable here (the company takes no invoice payments online): how to pay it instead. */}
        {inv.balanceDue > 0 && (ONLINE_PAYABLE_INVOICE_STATUSES as readonly string[]).includes(inv.status) && !config.fin_setup.InvoicesPaidOnline ? (
          <p className="mt-3 text-sm text-ink-soft">
            This invoice cannot be paid online. {inv.bankDetails ? 'Please pay it by bank transfer to the bank details above, or ' : 'To pay it, please '}
            <Link to={paths.contactUs} className="font-semibold text-primary-tint-ink underline-offset-4 hover:underline">
              contact {inv.companyName}
            </Link>
            .
          </p>
        ) : null}
      </section>
    </article>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between border-t border-line pt-1.5 font-semibold text-ink' : 'flex justify-between text-ink-soft'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCartStore } from '@/lib/cart-store';
import { useConfig } from '@/entities/company/get-company-config';
import { useQuote } from '@/features/checkout/api/get-quote';
import { QuoteSummary } from '@/components/payment/quote-summary';
import { CreditsPicker, DiscountCodeForm } from '@/features/checkout/components/discount-and-credits';
import { useCartRequest } from '@/features/checkout/lib/cart-request';
import { QuoteError } from '@/features/checkout/components/quote-error';

/** /hub/invoice-checkout (H13): the invoices chosen with Pay Now, each once, priced by the server. */
export default function InvoiceCheckoutRoute() {
  const config = useConfig();
  const navigate = useNavigate();
  const { request, empty } = useCartRequest('invoices');
  const quote = useQuote(request, !empty);
  const invoices = useCartStore((s) => s.invoices);
  const setInvoices = useCartStore((s) => s.setInvoices);
  const clearPaid = useCartStore((s) => s.clearPaid);

  function removeInvoice(invoiceNo: string) {
    const next = invoices.filter((no) => no !== invoiceNo);
    setInvoices(next);
    if (next.length === 0) clearPaid('invoices');
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Invoice Checkout" description="Pay your invoices online." />
      {empty ? (
        <div className="rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-14 text-center">
          <p className="text-lg font-semibold text-ink">No invoices to pay</p>
          <p className="mt-1 text-sm text-muted">Choose Pay Now on an unpaid invoice to pay it here.</p>
          <Link to={paths.invoicesAndReceipts} className={buttonClasses('secondary', 'md', 'mt-5')}>
            View invoices
          </Link>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div>
            {quote.isPending ? (
              <div className="flex justify-center py-16 text-primary-ink">
                <Spinner label="Pricing your invoices" />
              </div>
            ) : quote.isError ? (
              <QuoteError
                error={quote.error}
                lines={invoices.map((no) => ({ key: no, label: `${config.fin_setup.InvoiceTitle} ${no}`, onRemove: () => removeInvoice(no) }))}
                onRetry={() => void quote.refetch()}
                onClear={() => clearPaid('invoices')}
              />
            ) : (
              <QuoteSummary
                quote={quote.data}
                onRemoveLine={(lineId) => {
                  const row = quote.data.rows.find((r) => r.lineId === lineId);
                  if (row) removeInvoice(row.invoiceNo);
                }}
                removeLabel={(d) => `Remove ${d}`}
              />
            )}
          </div>
          <aside className="space-y-4">
            <DiscountCodeForm quote={quote.data} invoiceNos={invoices} />
            <CreditsPicker currencySymbol={config.localization.CurrencySymbol} />
            <Button fullWidth size="lg" disabled={!quote.data || quote.isFetching} onClick={() => void navigate(`${paths.payment}?for=invoices`)}>
              Proceed to Payment
            </Button>
          </aside>
        </div>
      )}
    </div>
  );
}

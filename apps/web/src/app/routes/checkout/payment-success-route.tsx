import { Link, useLocation } from 'react-router';
import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { formatMoney } from '@/lib/format';
import { CircleCheckIcon } from 'lucide-react';

/** The processor of a payment by direct debit (decision 034). */
const DIRECT_DEBIT = 'direct_debit';

/** /hub/payment-success (H15): shown after a successful payment; the cart has been emptied. */
export default function PaymentSuccessRoute() {
  const config = useConfig();
  const payment = (useLocation().state as { payment?: PaymentAnswer } | null)?.payment;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 text-center sm:px-6 sm:py-16">
      <CircleCheckIcon aria-hidden="true" className="mx-auto size-14 text-success" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink sm:text-3xl">Payment Successful</h1>
      {payment?.processor === DIRECT_DEBIT ? (
        <div className="mt-4 space-y-1 text-muted">
          <p>
            Thank you. <span className="font-semibold text-ink">{formatMoney(payment.amountCents, payment.currencySymbol)}</span> will be collected from your bank account by direct debit.
          </p>
          {payment.invoiceNos.length ? <p>{`${config.fin_setup.InvoiceTitle} ${payment.invoiceNos.join(', ')}: Debit Scheduled`}</p> : null}
        </div>
      ) : payment ? (
        <div className="mt-4 space-y-1 text-muted">
          <p>
            Thank you. We received your payment of <span className="font-semibold text-ink">{formatMoney(payment.amountCents, payment.currencySymbol)}</span>.
          </p>
          {payment.receiptNo ? (
            <p>
              {config.fin_setup.ReceiptTitle} <span className="font-semibold text-ink">{payment.receiptNo}</span>
              {payment.invoiceNos.length ? ` for invoice ${payment.invoiceNos.join(', ')}` : ''}
            </p>
          ) : null}
          <p>A receipt has been sent to your e-mail address.</p>
        </div>
      ) : (
        <p className="mt-4 text-muted">Thank you. Your payment has been received.</p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {config.ShowFinancialsTab ? (
          <Link to={paths.invoicesAndReceipts} className={buttonClasses('secondary')}>
            View invoices and receipts
          </Link>
        ) : null}
        <Link to={paths.company} className={buttonClasses('primary')}>
          Back to home
        </Link>
      </div>
    </div>
  );
}

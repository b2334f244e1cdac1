import { Fragment, useEffect, useRef } from 'react';
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
  const state = useLocation().state as { payment?: PaymentAnswer; bookings?: boolean; classes?: boolean } | null;
  const payment = state?.payment;
  const heading = useRef<HTMLHeadingElement>(null);
  // The page replaces the payment form: a screen reader and the keyboard start at its heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 text-center sm:px-6 sm:py-16">
      <CircleCheckIcon aria-hidden="true" className="mx-auto size-14 text-success" />
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight text-ink outline-none sm:text-3xl">
        {payment?.processor === DIRECT_DEBIT ? 'Direct Debit Scheduled' : 'Payment Successful'}
      </h1>
      {payment?.processor === DIRECT_DEBIT ? (
        <div className="mt-4 space-y-1 text-muted">
          <p>
            Thank you. <span className="font-semibold text-ink">{formatMoney(payment.amountCents, payment.currencySymbol)}</span> will be collected from your bank account by direct debit.
          </p>
          {payment.invoiceNos.length ? (
            <p>
              {config.fin_setup.InvoiceTitle} <Numbers values={payment.invoiceNos} />: Debit Scheduled
            </p>
          ) : null}
          {payment.instalmentsNote ? <p>{payment.instalmentsNote}</p> : null}
        </div>
      ) : payment ? (
        <div className="mt-4 space-y-1 text-muted">
          <p>
            Thank you. We received your payment of <span className="font-semibold text-ink">{formatMoney(payment.amountCents, payment.currencySymbol)}</span>.
          </p>
          {payment.receiptNo ? (
            <p>
              {config.fin_setup.ReceiptTitle} <span className="font-semibold whitespace-nowrap text-ink">{payment.receiptNo}</span>
              {payment.invoiceNos.length ? (
                <>
                  {` for ${payment.invoiceNos.length === 1 ? 'invoice' : 'invoices'} `}
                  <Numbers values={payment.invoiceNos} />
                </>
              ) : null}
            </p>
          ) : null}
          {payment.card ? <p>{`Paid by ${payment.card}`}</p> : null}
          {payment.instalmentsNote ? <p>{payment.instalmentsNote}</p> : null}
          <p>A receipt has been sent to your e-mail address.</p>
        </div>
      ) : (
        <p className="mt-4 text-muted">Thank you. Your payment has been received.</p>
      )}
      {state?.classes ? <p className="mt-4 text-ink">The places are confirmed: you will find the classes on Home and under View enrollments.</p> : null}
      {payment?.items.length ? <Bought payment={payment} /> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {state?.classes ? (
          <Link to={paths.viewEnrollments} className={buttonClasses('secondary')}>
            View enrollments
          </Link>
        ) : null}
        {state?.bookings && config.ShowBookingsTab ? (
          <Link to={paths.bookingsView} className={buttonClasses('secondary')}>
            My bookings
          </Link>
        ) : null}
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

/** Invoice numbers, each kept on one line ("INV-100001" would break at its hyphen on a phone). */
function Numbers({ values }: { values: readonly string[] }) {
  return values.map((no, index) => (
    <Fragment key={no}>
      {index > 0 ? ', ' : null}
      <span className="whitespace-nowrap">{no}</span>
    </Fragment>
  ));
}

/** What the payment bought, row by row as the checkout showed it. */
function Bought({ payment }: { payment: PaymentAnswer }) {
  return (
    <section aria-labelledby="bought-heading" className="mt-6 rounded-2xl border border-line bg-surface p-4 text-left shadow-xs">
      <h2 id="bought-heading" className="text-base font-semibold text-ink">
        What you paid for
      </h2>
      <ul aria-label="What you paid for" className="mt-2 divide-y divide-line">
        {payment.items.map((item, index) => (
          <li key={index} className="flex items-start justify-between gap-4 py-2 text-sm">
            <span className="min-w-0 break-words text-ink">{item.description}</span>
            <span className="shrink-0 font-medium tabular-nums text-ink">{formatMoney(item.amountCents, payment.currencySymbol)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

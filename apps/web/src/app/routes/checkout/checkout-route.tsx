import { Link, Navigate, useNavigate } from 'react-router';
import { NEW_INVOICE_NO } from '@portal/shared/payment-schemas';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCartStore } from '@/lib/cart-store';
import { formatDate } from '@/lib/format';
import { useConfig } from '@/entities/company/get-company-config';
import { XIcon } from 'lucide-react';
import { useQuote } from '@/features/checkout/api/get-quote';
import { QuoteSummary } from '@/components/payment/quote-summary';
import { CreditsPicker, DiscountCodeForm } from '@/features/checkout/components/discount-and-credits';
import { QuoteError } from '@/features/checkout/components/quote-error';
import { CartHoldNotice } from '@/features/checkout/components/cart-holds';
import { WaitlistJoinedNotice } from '@/features/checkout/components/join-waitlist';
import { useForgetWaitlistJoinedOnLeave } from '@/features/checkout/lib/waitlist-joined';
import { classLabel, useCartRequest } from '@/features/checkout/lib/cart-request';
import { useCartLines } from '@/features/checkout/lib/cart-lines';
import { sellsInCart } from '@/app/components/nav-items';

/** /hub/checkout: the class and booking cart, priced by the server (H1–H12); home where the company sells nothing through it. */
export default function CheckoutRoute() {
  const config = useConfig();
  return sellsInCart(config) ? <Checkout /> : <Navigate to={paths.company} replace />;
}

function Checkout() {
  const config = useConfig();
  const navigate = useNavigate();
  const { request, empty } = useCartRequest('items');
  const quote = useQuote(request, !empty);
  const classItems = useCartStore((s) => s.classItems);
  const bookingItems = useCartStore((s) => s.bookingItems);
  const setClassItems = useCartStore((s) => s.setClassItems);
  const { lines, removeLine } = useCartLines();
  const clearPaid = useCartStore((s) => s.clearPaid);
  const ocrProfileId = useCartStore((s) => s.ocrProfileId);
  const dateFormat = config.localization.DateFormat;
  useForgetWaitlistJoinedOnLeave();

  function removeDate(index: number, date: string) {
    const next = classItems.flatMap((item, i) => (i !== index ? [item] : item.dates.length > 1 ? [{ ...item, dates: item.dates.filter((d) => d !== date) }] : []));
    setClassItems(next);
    if (next.length + bookingItems.length === 0) clearPaid('items');
  }
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title="Checkout" description="Review your classes and bookings, then pay securely." />
      <WaitlistJoinedNotice className="mb-6" />
      {empty ? (
        <EmptyCart bookings={config.ShowBookingsTab} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="space-y-6">
            <CartHoldNotice refusal={quote.error} />
            {classItems.some((item) => item.dates.length > 0) ? (
              <section aria-labelledby="dates-heading" className="rounded-2xl border border-line bg-surface p-4 shadow-xs">
                <h2 id="dates-heading" className="text-base font-semibold text-ink">
                  Chosen dates
                </h2>
                <ul className="mt-3 space-y-3">
                  {classItems.map((item, index) =>
                    item.dates.length > 0 ? (
                      <li key={`${item.ClassID}-${item.StudentID}`}>
                        <p className="text-sm font-medium text-ink">{classLabel(item)}</p>
                        <ul className="mt-1.5 flex flex-wrap gap-2">
                          {item.dates.map((date) => (
                            <li key={date} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900">
                              {formatDate(date, dateFormat)}
                              <button type="button" aria-label={`Remove ${formatDate(date, dateFormat)}`} className="rounded-full p-1 hover:bg-brand-100" onClick={() => removeDate(index, date)}>
                                <XIcon aria-hidden="true" className="size-3.5" />
                              </button>
                            </li>
                          ))}
                        </ul>
                      </li>
                    ) : null,
                  )}
                </ul>
              </section>
            ) : null}
            {quote.isPending ? (
              <div className="flex justify-center py-16 text-primary-ink">
                <Spinner label="Pricing your cart" />
              </div>
            ) : quote.isError ? (
              <QuoteError
                error={quote.error}
                lines={lines}
                findClassHref={ocrProfileId === null ? paths.classes : paths.addEnrollments(ocrProfileId)}
                onRetry={() => void quote.refetch()}
                onClear={() => clearPaid('items')}
              />
            ) : (
              <QuoteSummary quote={quote.data} onRemoveLine={removeLine} removeLabel={(d) => `Remove ${d}`} />
            )}
          </div>
          <aside className="space-y-4">
            <DiscountCodeForm quote={quote.data} invoiceNos={[NEW_INVOICE_NO]} />
            <CreditsPicker currencySymbol={config.localization.CurrencySymbol} />
            <Button fullWidth size="lg" disabled={!quote.data || quote.isFetching || quote.isError} onClick={() => void navigate(paths.payment)}>
              Proceed to Payment
            </Button>
          </aside>
        </div>
      )}
    </div>
  );
}

/** `bookings`: the company takes bookings, so a booking is one of the things to add. */
function EmptyCart({ bookings }: { bookings: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-14 text-center">
      <p className="text-lg font-semibold text-ink">Your cart is empty</p>
      <p className="mt-1 text-sm text-muted">Add a class{bookings ? ' or a booking' : ''}, and it will appear here.</p>
      <Link to={paths.company} className={buttonClasses('secondary', 'md', 'mt-5')}>
        Back to home
      </Link>
    </div>
  );
}

import { useNavigate } from 'react-router';
import { AlertTriangleIcon, WalletIcon } from 'lucide-react';
import type { AmountOwed } from '@portal/shared/home-schemas';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { useCartStore } from '@/lib/cart-store';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/cn';

/**
 * "You owe $X" (decision 072): what the family owes, the overdue part first, and one Pay that
 * puts every open invoice it can pay online into the invoice checkout. Nothing when nothing is owed.
 */
export function AmountOwedBanner({ owed, className }: { owed: AmountOwed | undefined; className?: string }) {
  const config = useConfig();
  const navigate = useNavigate();
  const setInvoices = useCartStore((s) => s.setInvoices);
  if (!config.fin_setup.InvoicesPaidOnline || !owed || owed.totalCents <= 0) return null;
  const money = (cents: number) => formatMoney(cents, config.localization.CurrencySymbol);
  const count = owed.invoices.length;
  const overdue = owed.overdueCents > 0;
  const { CardSurchargeAmountCents: feeCents, CardSurchargePercent: feePercent } = config.fin_setup;
  const fee = [feeCents ? money(feeCents) : null, feePercent ? `${feePercent}%` : null].filter(Boolean).join(' + ');

  function payAll() {
    setInvoices(owed!.invoices.map((invoice) => invoice.InvoiceNo));
    void navigate(paths.invoiceCheckout);
  }

  return (
    <section
      aria-labelledby="amount-owed-heading"
      className={cn(
        'flex flex-col gap-4 rounded-2xl border p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5',
        overdue ? 'border-danger-line bg-danger-surface' : 'border-line bg-surface',
        className,
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span aria-hidden="true" className={cn('mt-0.5 shrink-0', overdue ? 'text-danger' : 'text-primary-tint-ink')}>
          {overdue ? <AlertTriangleIcon className="size-6" /> : <WalletIcon className="size-6" />}
        </span>
        <div className="min-w-0">
          <h2 id="amount-owed-heading" className="text-lg font-bold text-ink tabular-nums">
            You owe {money(owed.totalCents)}
          </h2>
          <p className="text-sm text-ink-soft">
            {overdue ? <strong className="font-semibold text-danger">{money(owed.overdueCents)} is overdue. </strong> : null}
            {/* The invoices the family pays here: an "open" count would disagree with the list beside it, which shows those the school collects too. */}
            {count === 1 ? '1 invoice to pay.' : `${count} invoices to pay, all in one checkout.`}
            {/* Said before Pay, not first at the checkout: the amount on the button is before the fee. */}
            {fee ? ` Paid by card, a card fee (${fee}) is added.` : null}
          </p>
        </div>
      </div>
      <Button size="lg" className="w-full shrink-0 sm:w-auto" onClick={payAll}>
        Pay {money(owed.totalCents)}
      </Button>
    </section>
  );
}

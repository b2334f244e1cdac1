import type { QuoteAnswer } from '@portal/shared/payment-schemas';
import { lineTypeLabel } from '@portal/shared/pricing/line-type-label';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/cn';

const ADJUSTMENTS = new Set(['Discount Credit', 'Early Payment Discount', 'Discount Code']);

/**
 * The column rows of the quote (each typed with its invoice line type, H8, H17, as a parent reads it) and the totals:
 * discounts, the tax under the company's TaxName, the card fee (H12's Credit Card Surcharge line, shown there once with
 * its basis rather than also as a row), credits and the amount to pay. A row shows its amount as entered, so the items
 * add up to the subtotal where the tax is added on top.
 */
export function QuoteSummary({ quote, onRemoveLine, removeLabel }: { quote: QuoteAnswer; onRemoveLine?: (lineId: string) => void; removeLabel?: (description: string) => string }) {
  const money = (cents: number) => formatMoney(cents, quote.currencySymbol);
  const t = quote.totals;
  const fee = [t.cardFeeAmountCents ? money(t.cardFeeAmountCents) : null, t.cardFeePercentageBasisPoints ? `${t.cardFeePercentageBasisPoints / 100}%` : null].filter(Boolean).join(' + ');
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-xs">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items and charges</caption>
        <thead className="bg-surface-muted text-xs font-semibold uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3">
              Item
            </th>
            <th scope="col" className="hidden px-4 py-3 sm:table-cell">
              Type
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {quote.rows
            .filter((row) => row.type !== 'Credit Card Surcharge')
            .map((row) => {
              const adjustment = ADJUSTMENTS.has(row.type);
              const type = lineTypeLabel(row.type, row.description);
              return (
                <tr key={row.id} data-row-type={row.type}>
                  <td className={cn('px-4 py-3 align-top', adjustment && 'pl-8 text-muted')}>
                    <span className="font-medium text-ink">{row.description}</span>
                    {row.quantity > 1 ? (
                      <span className="block text-xs text-muted">
                        {row.quantity} × {money(row.unitPriceCents)}
                      </span>
                    ) : null}
                    {type ? <span className="block text-xs text-muted sm:hidden">{type}</span> : null}
                    {onRemoveLine && row.lineId && !adjustment ? (
                      <button
                        type="button"
                        aria-label={removeLabel ? removeLabel(row.description) : 'Remove'}
                        className="-ml-2 mt-0.5 flex min-h-10 items-center rounded-md px-2 text-left text-sm font-semibold text-danger hover:underline sm:min-h-6 sm:text-xs"
                        onClick={() => onRemoveLine(row.lineId!)}
                      >
                        Remove
                      </button>
                    ) : null}
                  </td>
                  <td className="hidden px-4 py-3 align-top text-muted sm:table-cell">{type}</td>
                  <td className={cn('px-4 py-3 text-right align-top tabular-nums', row.amountCents < 0 ? 'text-success' : 'text-ink')}>{money(row.amountCents)}</td>
                </tr>
              );
            })}
        </tbody>
      </table>
      <dl className="space-y-1.5 border-t border-line bg-surface-muted/60 px-4 py-4 text-sm">
        <Line label="Subtotal" value={money(t.subtotalCents)} />
        {t.autoDiscountCents ? <Line label="Discount" value={money(-t.autoDiscountCents)} /> : null}
        {t.earlyPaymentDiscountCents ? <Line label="Early Payment Discount" value={money(-t.earlyPaymentDiscountCents)} /> : null}
        {t.discountCodeCents ? <Line label="Discount Code" value={money(-t.discountCodeCents)} /> : null}
        {t.totalTaxCents ? <Line label={`${t.taxName}${t.taxInclusive ? ' (included)' : ''}`} value={money(t.totalTaxCents)} /> : null}
        {t.surchargeCents ? <Line label={`Credit Card Surcharge${fee ? ` (${fee})` : ''}`} value={money(t.surchargeCents)} /> : null}
        <Line label="Total" value={money(t.totalCents)} strong />
        {t.customerCreditsCents ? <Line label="Customer credits" value={money(-t.customerCreditsCents)} /> : null}
        <div className="flex items-baseline justify-between border-t border-line pt-2.5">
          <dt className="text-base font-semibold text-ink">Amount to pay</dt>
          <dd className="text-xl font-bold tabular-nums text-ink" data-testid="amount-to-pay">
            {money(t.paymentAmountCents)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-semibold text-ink' : 'text-muted'}>{label}</dt>
      <dd className={cn('tabular-nums', strong ? 'font-semibold text-ink' : 'text-ink')}>{value}</dd>
    </div>
  );
}

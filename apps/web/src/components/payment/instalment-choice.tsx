import { useId } from 'react';
import { INTERVAL_WORDS, type InstalmentOffer } from '@portal/shared/pricing/instalments';
import { formatDate, formatMoney, type DateFormat } from '@/lib/format';

/**
 * Paying at once or in instalments, where the company's terms allow it for the cart (decision
 * 105): the schedule (every date and amount, to the cent) is shown before the family pays.
 */
export function InstalmentChoice({
  offer,
  totalCents,
  symbol,
  dateFormat,
  value,
  onChange,
  byDebit = false,
}: {
  byDebit?: boolean;
  offer: InstalmentOffer;
  totalCents: number;
  symbol: string;
  dateFormat: DateFormat;
  value: boolean;
  onChange: (inInstalments: boolean) => void;
}) {
  const id = useId();
  const [first, second] = offer.schedule;
  return (
    <fieldset className="space-y-1 rounded-2xl border border-line bg-surface px-4 py-3 shadow-xs">
      <legend className="px-1 text-sm font-semibold text-ink">How would you like to pay?</legend>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input type="radio" name={id} checked={!value} onChange={() => onChange(false)} className="size-5 shrink-0 accent-primary" />
        {byDebit ? `Pay ${formatMoney(totalCents, symbol)} in one debit` : `Pay ${formatMoney(totalCents, symbol)} now`}
      </label>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input type="radio" name={id} checked={value} onChange={() => onChange(true)} aria-describedby={`${id}-schedule`} className="size-5 shrink-0 accent-primary" />
        <span>
          Pay in {offer.count} instalments: {formatMoney(first?.amountCents ?? 0, symbol)} {byDebit ? 'first' : 'now'}, then {formatMoney(second?.amountCents ?? 0, symbol)}{' '}
          {INTERVAL_WORDS[offer.interval].every}
        </span>
      </label>
      {value ? (
        <div id={`${id}-schedule`} className="mt-2 rounded-lg bg-surface-muted px-3 py-2">
          <table className="w-full text-sm">
            <caption className="mb-1 text-left font-semibold text-ink">Your instalments</caption>
            <tbody>
              {offer.schedule.map((i, index) => (
                <tr key={i.dueDate} className="border-t border-line first:border-t-0">
                  <th scope="row" className="py-1.5 text-left font-normal text-ink">
                    {index === 0 && !byDebit ? 'Today' : formatDate(i.dueDate, dateFormat)}
                  </th>
                  <td className="py-1.5 text-right tabular-nums text-ink">{formatMoney(i.amountCents, symbol)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-muted">Later instalments are {byDebit ? 'collected by Direct Debit' : 'charged to this card'} on their dates. Your places are kept while the plan is paid.</p>
        </div>
      ) : null}
    </fieldset>
  );
}

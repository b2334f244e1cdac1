import { useState } from 'react';
import type { QuoteAnswer } from '@portal/shared/payment-schemas';
import { NEW_INVOICE_NO } from '@portal/shared/payment-schemas';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { useCartStore } from '@/lib/cart-store';
import { formatMoney } from '@/lib/format';
import { useCustomerCredits } from '../api/get-customer-credits';

/** A discount code per invoice (H10): entered here, checked and applied by the server's quote. */
export function DiscountCodeForm({ quote, invoiceNos }: { quote: QuoteAnswer | undefined; invoiceNos: string[] }) {
  const codes = useCartStore((s) => s.discountCodes);
  const setCodes = useCartStore((s) => s.setDiscountCodes);
  const [invoiceNo, setInvoiceNo] = useState(invoiceNos[0] ?? NEW_INVOICE_NO);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const target = invoiceNos.includes(invoiceNo) ? invoiceNo : (invoiceNos[0] ?? NEW_INVOICE_NO);
  const label = (no: string) => (no === NEW_INVOICE_NO ? 'This order' : `Invoice ${no}`);

  function apply(event: React.FormEvent) {
    event.preventDefault();
    const entered = code.trim();
    if (!entered) {
      // A code applied empties the box: Apply pressed again (a double tap) with one on this invoice asks for nothing.
      if (!codes.some((c) => c.invoiceNo === target)) setError('Please enter a discount code');
      return;
    }
    setError('');
    setCodes([...codes.filter((c) => c.invoiceNo !== target), { invoiceNo: target, discountCode: entered }]);
    setCode('');
  }

  return (
    <section aria-labelledby="discount-heading" className="rounded-2xl border border-line bg-surface p-4 shadow-xs">
      <h2 id="discount-heading" className="text-base font-semibold text-ink">
        Discount code
      </h2>
      <form onSubmit={apply} noValidate className="mt-3 flex flex-wrap items-end gap-3">
        {invoiceNos.length > 1 ? (
          <div>
            <label htmlFor="discount-invoice" className="mb-1.5 block text-sm font-medium text-ink">
              For
            </label>
            <select id="discount-invoice" value={target} onChange={(e) => setInvoiceNo(e.target.value)} className="min-h-11 rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink">
              {invoiceNos.map((no) => (
                <option key={no} value={no}>
                  {label(no)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <TextField label="Code" value={code} onChange={(e) => setCode(e.target.value)} error={error || undefined} className="min-w-40 flex-1" autoComplete="off" />
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </form>
      {codes.length > 0 ? (
        <ul className="mt-3 space-y-2 text-sm">
          {codes.map((entry) => {
            const result = quote?.discountCodes.find((d) => d.invoiceNo === entry.invoiceNo && d.discountCode === entry.discountCode);
            return (
              <li key={`${entry.invoiceNo}:${entry.discountCode}`} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-muted px-3 py-2">
                <span>
                  <span className="font-semibold text-ink">{entry.discountCode.toUpperCase()}</span>
                  {invoiceNos.length > 1 ? <span className="text-muted"> · {label(entry.invoiceNo)}</span> : null}
                  {result?.status === 'applied' ? (
                    <span className="block text-success">Applied: {formatMoney(-result.discountCents, quote?.currencySymbol ?? '')}</span>
                  ) : result?.status === 'rejected' ? (
                    <span role="alert" className="block text-danger">
                      {result.message}
                    </span>
                  ) : null}
                </span>
                <button type="button" className="min-h-6 text-xs font-semibold text-danger hover:underline" onClick={() => setCodes(codes.filter((c) => c !== entry))}>
                  Remove code {entry.discountCode.toUpperCase()}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

/** Customer credits the customer may use (H11); the server uses them in the order ticked, at most the total. */
export function CreditsPicker({ currencySymbol }: { currencySymbol: string }) {
  const credits = useCustomerCredits();
  const selected = useCartStore((s) => s.creditIds);
  const setSelected = useCartStore((s) => s.setCreditIds);
  const list = credits.data?.credits ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="credits-heading" className="rounded-2xl border border-line bg-surface p-4 shadow-xs">
      <h2 id="credits-heading" className="text-base font-semibold text-ink">
        Customer credits
      </h2>
      <div className="mt-2">
        {list.map((credit) => (
          <CheckboxField
            key={credit.CreditID}
            label={`${credit.Description} (${formatMoney(credit.AmountCents, currencySymbol)})`}
            checked={selected.includes(credit.CreditID)}
            onChange={(e) => setSelected(e.target.checked ? [...selected, credit.CreditID] : selected.filter((id) => id !== credit.CreditID))}
          />
        ))}
      </div>
    </section>
  );
}

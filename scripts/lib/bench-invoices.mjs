// The financials part of `npm run bench` (decision 025): one customer of the first company with
// INVOICE_COUNT invoices over the years, and the invoice list measured on it.

const INVOICE_COUNT = 2000;

/** That customer: an established family like the others (`record`, `agreements_signed`), or its calls would answer 403. */
export function invoiceHeavyCustomer(code, record, agreements_signed, passwordHash) {
  const statuses = ['Paid', 'Paid', 'Paid', 'Paid', 'Unpaid', 'Overdue', 'Scheduled', 'Debit Scheduled'];
  const invoices = Array.from({ length: INVOICE_COUNT }, (_, i) => {
    const status = statuses[i % statuses.length];
    const total = 2000 + (i % 40) * 250;
    const day = (ago) => (ago >= 0 ? `today-${ago}` : `today+${-ago}`);
    return {
      invoice_no: `B${code}-${100000 + i}`,
      invoice_date: day(INVOICE_COUNT - i - 20),
      payment_date: day(INVOICE_COUNT - i - 34),
      total_cents: total,
      balance_due_cents: status === 'Paid' ? 0 : total,
      status,
    };
  });
  return {
    email: `invoices.${code.toLowerCase()}@bench.example`,
    password_hash: passwordHash,
    clients: [{ ...record, key: 'invoices', first_name: 'Many', last_name: 'Invoices', agreements_signed, invoices }],
  };
}

/** Measured on that customer only (`who`). */
export const INVOICE_ROWS = [
  { name: `invoice page, ${INVOICE_COUNT.toLocaleString('en')} invoices`, url: '/api/financials/invoices?page=1&limit=10', opts: {}, who: 'invoices' },
  { name: 'invoice page 3, oldest first, search "paid"', url: '/api/financials/invoices?page=3&limit=10&sort=asc&search=paid', opts: {}, who: 'invoices' },
];

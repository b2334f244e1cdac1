import { z } from 'zod';
import { INVOICE_STATUSES } from '@portal/shared/constants';
import { INVOICE_LINE_TYPES, PAYMENT_BREAKDOWN_KEYS } from '@portal/shared/pricing/pricing-types';
import { PAYMENT_PERIODS } from '@portal/shared/financials-schemas';
import type { CompanySettings } from '@portal/shared/company-config';
import { timeScaleOf } from '@portal/shared/payment/payment-setup';
import { bookingPrice } from '@portal/shared/pricing/time-scale';
import type { Db } from '../../db/database.ts';
import { isBundleDate, resolveDate, TIME_PATTERN } from './bundle-dates.ts';
import { findInvoiceIds, insertRows, insertRowsReturningIds, updateInvoiceTax } from './import.repository.ts';

/**
 * The bundle's `financials` and `bookings` sections (decision 025, docs/company-bundle.md):
 * invoice lines (for a client's invoice, or whole new invoices), receipts allocated to invoices,
 * instalment plans, and court bookings. Clients are named by key, invoices by number.
 */

const key = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Use 1–64 letters, digits, "_", "-" or "."');
const bundleDate = z.string().refine(isBundleDate, 'Expected a date: yyyy-MM-dd, today, today+N or today-N');
const cents = z.number().int('Use whole cents').min(0).max(2_147_483_647);
const signedCents = z.number().int('Use whole cents').min(-2_147_483_647).max(2_147_483_647);

const lineSchema = z.strictObject({
  type: z.enum(INVOICE_LINE_TYPES),
  description: z.string().trim().min(1, 'Required'),
  quantity: z.number().int().positive().default(1),
  /** Negative for discounts and credits. */
  unit_price_cents: signedCents,
  /** The tax in the line (prices include tax unless the invoice says otherwise). */
  tax_cents: signedCents.default(0),
  breakdown_key: z.enum(PAYMENT_BREAKDOWN_KEYS).optional(),
});

const invoiceSchema = z.strictObject({
  invoice_no: z.string().trim().min(1),
  /** Absent: the lines of the client's invoice of that number (they must add up to its total). */
  client: key.optional(),
  invoice_date: bundleDate.optional(),
  payment_date: bundleDate.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  tax_inclusive: z.boolean().default(true),
  notes: z.string().default(''),
  lines: z.array(lineSchema).min(1),
});

const receiptSchema = z.strictObject({
  receipt_no: z.string().trim().min(1),
  client: key,
  receipt_date: bundleDate,
  method: z.string().trim().min(1),
  reference: z.string().default(''),
  allocations: z.array(z.strictObject({ invoice_no: z.string().min(1), amount_cents: cents.min(1) })).min(1),
});

const planSchema = z.strictObject({
  client: key,
  next_charge: bundleDate,
  amount_cents: cents,
  period: z.enum(PAYMENT_PERIODS),
  remaining_charges: z.number().int().min(0),
  notes: z.string().default(''),
});

export const bundleFinancialsSchema = z.strictObject({
  invoices: z.array(invoiceSchema).default([]),
  receipts: z.array(receiptSchema).default([]),
  payment_plans: z.array(planSchema).default([]),
});

export const bundleBookingSchema = z.strictObject({
  client: key,
  venue_id: z.number().int().positive(),
  court: z.string().min(1),
  booking_type_id: z.number().int().positive(),
  date: bundleDate,
  time: z.string().regex(TIME_PATTERN, 'Expected a time HH:mm (24-hour)'),
  status: z.enum(['confirmed', 'cancelled']).default('confirmed'),
  invoice_no: z.string().min(1).optional(),
});

type Financials = z.output<typeof bundleFinancialsSchema>;
type Booking = z.output<typeof bundleBookingSchema>;
type Line = z.output<typeof lineSchema>;
type Path = (string | number)[];

const lineAmount = (l: Line) => l.unit_price_cents * l.quantity;
const lineTotal = (l: Line, inclusive: boolean) => lineAmount(l) + (inclusive ? 0 : l.tax_cents);

/** What the checks need from the rest of the bundle: clients and their simple invoices, the booking catalogue. */
interface BundleView {
  clients: Set<string>;
  simpleInvoices: Map<string, { client: string; total_cents: number; balance_due_cents: number; status: string }>;
  config: CompanySettings;
}

export function checkFinancials(ctx: z.RefinementCtx, f: Financials, bookings: Booking[], view: BundleView): void {
  const issue = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message });
  const owner = new Map<string, string>();
  for (const [no, inv] of view.simpleInvoices) owner.set(no, inv.client);
  const newTotals = new Map<string, { total: number; status: string }>();
  const detailed = new Set<string>();
  f.invoices.forEach((inv, i) => {
    const base: Path = ['financials', 'invoices', i];
    const total = inv.lines.reduce((s, l) => s + lineTotal(l, inv.tax_inclusive), 0);
    if (detailed.has(inv.invoice_no)) issue([...base, 'invoice_no'], `Duplicate invoice number "${inv.invoice_no}"`);
    detailed.add(inv.invoice_no);
    const simple = view.simpleInvoices.get(inv.invoice_no);
    if (inv.client === undefined) {
      if (!simple) return issue([...base, 'invoice_no'], `Unknown invoice "${inv.invoice_no}" (give client, dates and status for a new one)`);
      if (simple.total_cents !== total) issue([...base, 'lines'], `The lines add up to ${total} cents, not the invoice's ${simple.total_cents}`);
      return;
    }
    if (simple) return issue([...base, 'invoice_no'], `Invoice "${inv.invoice_no}" is already a client's invoice (leave out client to give its lines)`);
    if (!view.clients.has(inv.client)) issue([...base, 'client'], `Unknown client "${inv.client}"`);
    for (const field of ['invoice_date', 'payment_date', 'status'] as const) if (inv[field] === undefined) issue([...base, field], 'Required for a new invoice');
    if (total < 0) issue([...base, 'lines'], 'The lines add up to less than nothing');
    owner.set(inv.invoice_no, inv.client);
    newTotals.set(inv.invoice_no, { total, status: inv.status ?? 'Unpaid' });
  });

  const paid = new Map<string, number>();
  const receiptNos = new Set<string>();
  f.receipts.forEach((r, ri) => {
    const base: Path = ['financials', 'receipts', ri];
    if (receiptNos.has(r.receipt_no)) issue([...base, 'receipt_no'], `Duplicate receipt number "${r.receipt_no}"`);
    receiptNos.add(r.receipt_no);
    if (!view.clients.has(r.client)) issue([...base, 'client'], `Unknown client "${r.client}"`);
    r.allocations.forEach((a, ai) => {
      const who = owner.get(a.invoice_no);
      if (who === undefined) issue([...base, 'allocations', ai, 'invoice_no'], `Unknown invoice "${a.invoice_no}"`);
      else if (who !== r.client) issue([...base, 'allocations', ai, 'invoice_no'], `Invoice "${a.invoice_no}" is not client "${r.client}"'s`);
      paid.set(a.invoice_no, (paid.get(a.invoice_no) ?? 0) + a.amount_cents);
    });
  });
  for (const [no, amount] of paid) {
    const simple = view.simpleInvoices.get(no);
    const limit = simple ? simple.total_cents - simple.balance_due_cents : (newTotals.get(no)?.total ?? Infinity);
    if (amount > limit) issue(['financials', 'receipts'], `Receipts pay ${amount} cents on invoice "${no}", more than its ${limit}`);
  }
  for (const [no, { total, status }] of newTotals) {
    if (status === 'Paid' && (paid.get(no) ?? 0) !== total) issue(['financials', 'invoices'], `Invoice "${no}" is Paid but its receipts pay ${paid.get(no) ?? 0} of ${total} cents`);
  }
  f.payment_plans.forEach((p, pi) => {
    if (!view.clients.has(p.client)) issue(['financials', 'payment_plans', pi, 'client'], `Unknown client "${p.client}"`);
  });

  bookings.forEach((b, bi) => {
    const base: Path = ['bookings', bi];
    if (!view.clients.has(b.client)) issue([...base, 'client'], `Unknown client "${b.client}"`);
    const venue = view.config.ob_venues.find((v) => v.VenueID === b.venue_id);
    if (!venue) issue([...base, 'venue_id'], `Unknown venue ${b.venue_id} (not in config.ob_venues)`);
    else if (!venue.Courts.includes(b.court)) issue([...base, 'court'], `Unknown court "${b.court}" at ${venue.Name}`);
    const type = view.config.booking_types.find((t) => t.BookingTypeID === b.booking_type_id);
    if (!type) issue([...base, 'booking_type_id'], `Unknown booking type ${b.booking_type_id} (not in config.booking_types)`);
    else if (Number(b.time.slice(3)) % 5 !== 0) issue([...base, 'time'], 'Bookings start on a 5-minute mark');
    else if (Number(b.time.slice(0, 2)) * 60 + Number(b.time.slice(3)) + type.DurationMinutes > 24 * 60) issue([...base, 'time'], 'The booking runs past midnight');
    if (b.invoice_no !== undefined && owner.get(b.invoice_no) !== b.client) issue([...base, 'invoice_no'], `Invoice "${b.invoice_no}" is not client "${b.client}"'s`);
  });
}

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Writes the sections inside the import's transaction, after the clients and their invoices:
 * lines (one Custom line for an invoice given none), new invoices, receipts and allocations,
 * plans, bookings with their slot rows (two bookings of one court at once fail the import).
 */
export async function importFinancials(
  trx: Db,
  input: { companyId: number; today: string; financials: Financials; bookings: Booking[]; config: CompanySettings; clientId: (key: string) => number },
): Promise<void> {
  const { companyId: company_id, today, financials: f, clientId } = input;
  const date = (v: string) => resolveDate(v, today);
  const fresh = f.invoices.filter((inv) => inv.client !== undefined);
  const freshRows = fresh.map((inv) => {
    const total = inv.lines.reduce((s, l) => s + lineTotal(l, inv.tax_inclusive), 0);
    const paid = f.receipts
      .flatMap((r) => r.allocations)
      .filter((a) => a.invoice_no === inv.invoice_no)
      .reduce((s, a) => s + a.amount_cents, 0);
    return {
      company_id,
      client_id: clientId(inv.client as string),
      invoice_no: inv.invoice_no,
      invoice_date: date(inv.invoice_date as string),
      payment_date: date(inv.payment_date as string),
      total_cents: total,
      balance_due_cents: total - paid,
      tax_cents: inv.lines.reduce((s, l) => s + l.tax_cents, 0),
      status: inv.status as string,
      notes: inv.notes,
    };
  });
  await insertRows(trx, 'invoices', freshRows);

  const invoices = await findInvoiceIds(trx, company_id);
  const invoiceId = new Map(invoices.map((i) => [i.invoice_no, i.id]));
  const given = new Map(f.invoices.map((inv) => [inv.invoice_no, inv]));
  await insertRows(
    trx,
    'invoice_lines',
    invoices.flatMap((inv) => {
      const detail = given.get(inv.invoice_no);
      const lines: Line[] = detail?.lines ?? [{ type: 'Custom', description: `Invoice ${inv.invoice_no}`, quantity: 1, unit_price_cents: inv.total_cents, tax_cents: inv.tax_cents }];
      const inclusive = detail?.tax_inclusive ?? true;
      return lines.map((l, i) => ({
        company_id,
        invoice_id: inv.id,
        sort_order: i,
        line_type: l.type,
        breakdown_key: l.breakdown_key ?? null,
        description: l.description,
        quantity: l.quantity,
        unit_price_cents: l.unit_price_cents,
        amount_cents: lineAmount(l),
        tax_cents: l.tax_cents,
        total_cents: lineTotal(l, inclusive),
      }));
    }),
  );
  // Lines given for an invoice of a client's list carry its tax.
  for (const inv of f.invoices.filter((x) => x.client === undefined)) {
    const tax = inv.lines.reduce((sum, l) => sum + l.tax_cents, 0);
    if (tax !== 0) await updateInvoiceTax(trx, company_id, inv.invoice_no, tax);
  }

  const now = new Date().toISOString();
  const receiptIds = await insertRowsReturningIds(
    trx,
    'receipts',
    f.receipts.map((r) => ({
      company_id,
      client_id: clientId(r.client),
      receipt_no: r.receipt_no,
      receipt_date: date(r.receipt_date),
      amount_cents: r.allocations.reduce((s, a) => s + a.amount_cents, 0),
      method: r.method,
      reference: r.reference,
      created_at: now,
    })),
  );
  await insertRows(
    trx,
    'receipt_allocations',
    f.receipts.flatMap((r, i) => r.allocations.map((a) => ({ company_id, receipt_id: receiptIds[i] as number, invoice_id: invoiceId.get(a.invoice_no) as number, amount_cents: a.amount_cents }))),
  );
  await insertRows(
    trx,
    'payment_plans',
    f.payment_plans.map((p) => ({
      company_id,
      client_id: clientId(p.client),
      next_charge: date(p.next_charge),
      amount_cents: p.amount_cents,
      period: p.period,
      remaining_charges: p.remaining_charges,
      notes: p.notes,
    })),
  );

  // A booking keeps the price the checkout would charge for it, the time scale's bands included (decision 114).
  const timeScale = timeScaleOf(input.config.fin_setup);
  const bookings = input.bookings.map((b) => {
    const type = input.config.booking_types.find((t) => t.BookingTypeID === b.booking_type_id)!;
    const start = Number(b.time.slice(0, 2)) * 60 + Number(b.time.slice(3));
    const day = date(b.date);
    const priceCents = bookingPrice({ date: day, startTime: b.time, durationMinutes: type.DurationMinutes, priceCents: type.PriceCents }, timeScale).cents;
    return { b, type, start, date: day, priceCents };
  });
  const bookingIds = await insertRowsReturningIds(
    trx,
    'bookings',
    bookings.map(({ b, type, start, date: day, priceCents }) => ({
      company_id,
      client_id: clientId(b.client),
      venue_id: b.venue_id,
      court: b.court,
      booking_type_id: b.booking_type_id,
      date: day,
      start_time: b.time,
      end_time: clock(start + type.DurationMinutes),
      duration_minutes: type.DurationMinutes,
      price_cents: priceCents,
      status: b.status,
      hold_token: null,
      hold_expires_at: null,
      invoice_id: b.invoice_no === undefined ? null : (invoiceId.get(b.invoice_no) ?? null),
      created_at: now,
      cancelled_at: b.status === 'cancelled' ? now : null,
    })),
  );
  await insertRows(
    trx,
    'booking_slots',
    bookings.flatMap(({ b, type, start, date: day }, i) =>
      b.status !== 'confirmed'
        ? []
        : Array.from({ length: type.DurationMinutes / 5 }, (_, u) => ({ company_id, venue_id: b.venue_id, court: b.court, date: day, slot: start + u * 5, booking_id: bookingIds[i] as number })),
    ),
  );
}

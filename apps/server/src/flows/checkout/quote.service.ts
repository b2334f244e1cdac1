import { ONLINE_PAYABLE_INVOICE_STATUSES } from '@portal/shared/constants';
import { NEW_INVOICE_NO, type QuoteAnswer } from '@portal/shared/payment-schemas';
import { priceCart } from '@portal/shared/pricing/price-cart';
import { PricingInputError } from '@portal/shared/pricing/pricing-input-bounds';
import { formatDate, type DateFormat } from '@portal/shared/date-time-text';
import { normaliseDiscountCode } from '@portal/shared/pricing/discount-codes';
import type { CartLine, PricingInput } from '@portal/shared/pricing/pricing-types';
import type { Quote } from '@portal/shared/pricing/quote-schema';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { cardEntryOf } from '../../modules/payments/payments.api.ts';

/** What the quote says of taking a card: whether the company can now, and Stripe's publishable key where it is Stripe. */
async function cardEntry(ctx: Ctx, company: Company) {
  const entry = await cardEntryOf(ctx, company);
  return { cardPaymentsAvailable: entry !== null, stripePublishableKey: entry?.stripePublishableKey ?? null };
}
import { assertCourtsFree, resolveBookingRequest } from '../../modules/bookings/bookings.api.ts';
import { validateClassItems, validateNewStudentClassItems, type ClassItem, type ValidatedClassItem } from '../../modules/classes/classes.api.ts';
import { discountCodeOf, pricingSettingsOf } from './pricing-input.ts';
import * as repo from '../../modules/payments/payments.api.ts';
import { companyToday, conflict, type Cart } from './payment-steps.ts';
import { instalmentOfferOf } from './instalments.service.ts';

const ONLINE_PAYABLE: ReadonlySet<string> = new Set(ONLINE_PAYABLE_INVOICE_STATUSES);

// The quote: what the cart names, priced from the database (never from the browser).
// ---------------------------------------------------------------------------------------------
// Pricing input: what the cart names, priced from the database (never from the browser)
// ---------------------------------------------------------------------------------------------

export async function loadPricingInput(ctx: Ctx, company: Company, clientId: number, cart: Cart, checked: readonly ValidatedClassItem[]): Promise<PricingInput> {
  const fin = company.settings.fin_setup;
  const lines: CartLine[] = [];

  // The classes service checked the student, the class, the dates and a free place for each class
  // item, and answered its price (a checkout under the classes' locks, a quote without).
  checked.forEach((item, index) => lines.push(classLine(item, index, company)));

  const at = ctx.clock.now();
  cart.bookingItems.forEach((item, index) => lines.push(bookingLine(company, item, index, at)));

  if (cart.invoices.length > 0) {
    if (!fin.InvoicesPaidOnline) throw new AppError(403, 'FEATURE_DISABLED', 'Invoices cannot be paid online');
    const found = await repo.findClientInvoices(ctx.db, company.id, clientId, cart.invoices);
    for (const invoiceNo of cart.invoices) {
      const invoice = found.find((i) => i.invoice_no === invoiceNo);
      // Another client's invoice is as unknown as one that does not exist.
      if (!invoice) throw notFound('Invoice not found');
      if (invoice.balance_due_cents <= 0 || invoice.status === 'Paid') throw conflict(`Invoice ${invoiceNo} has already been paid`, 'ALREADY_PAID');
      // Unpaid and Overdue invoices are paid online; Scheduled and Debit Scheduled are not (decision 072).
      if (!ONLINE_PAYABLE.has(invoice.status)) throw new AppError(422, 'NOT_PAYABLE', `Invoice ${invoiceNo} cannot be paid online`);
      lines.push({
        id: `inv-${invoice.id}`,
        kind: 'OnlineInvoicePayment',
        description: `Invoice ${invoice.invoice_no}`,
        invoiceNo: invoice.invoice_no,
        balanceDueCents: invoice.balance_due_cents,
        // The tax still owed: the invoice's, in proportion to what is left of it.
        taxInBalanceCents: invoice.total_cents > 0 ? Math.max(0, Math.min(invoice.balance_due_cents, Math.round((invoice.tax_cents * invoice.balance_due_cents) / invoice.total_cents))) : 0,
        dueDate: invoice.payment_date,
      });
    }
  }

  const entered = [...new Set(cart.discountCodes.map((e) => normaliseDiscountCode(e.discountCode)))];
  const codeRows = await repo.findActiveDiscountCodes(ctx.db, ctx.engine, company.id, entered);
  const counts = await repo.countDiscountCodeUses(
    ctx.db,
    company.id,
    codeRows.map((c) => c.id),
    clientId,
  );
  const discountCodes = codeRows.map((row) => {
    const used = counts.find((c) => c.discount_code_id === row.id);
    return discountCodeOf(row, { total: Number(used?.total ?? 0), byClient: Number(used?.by_client ?? 0) });
  });

  const creditRows = cart.creditIds.length ? await repo.findClientCredits(ctx.db, ctx.engine, company.id, clientId, cart.creditIds) : [];
  for (const id of cart.creditIds) if (!creditRows.some((c) => c.id === id)) throw notFound('Credit not found');

  return {
    today: companyToday(company, at),
    newInvoiceNo: NEW_INVOICE_NO,
    lines,
    settings: pricingSettingsOf(company.settings),
    discountCodeEntries: cart.discountCodes,
    discountCodes,
    // A credit listed twice is still one credit: its balance counts once.
    credits: [...new Set(cart.creditIds)].map((id) => {
      const credit = creditRows.find((c) => c.id === id)!;
      return { id: String(id), amountCents: credit.remaining_cents };
    }),
    paymentMethod: cart.paymentMethod,
  };
}

function bookingLine(company: Company, item: Cart['bookingItems'][number], index: number, at: Date): CartLine {
  const booking = resolveBookingRequest(company, item, at);
  return {
    id: `booking-${index + 1}`,
    kind: 'Booking',
    description: booking.description,
    taxable: true,
    date: booking.date,
    startTime: booking.startTime,
    durationMinutes: booking.durationMinutes,
    priceCents: booking.listPriceCents,
  };
}

/**
 * A class line names who and what (issue 25): "Mia Chen: Dolphin – Monday, 10 sessions
 * from 30/11/2026", the date in the company's DateFormat; a student not written yet goes unnamed.
 */
export function classLineDescription(v: Pick<ValidatedClassItem, 'Name' | 'studentName' | 'kind' | 'dates' | 'startDate'>, dateFormat: DateFormat): string {
  const date = formatDate(v.startDate, dateFormat);
  const count = v.dates.length;
  const when = v.kind === 'casual' && count === 1 ? `1 session on ${date}` : `${count} ${count === 1 ? 'session' : 'sessions'} from ${date}`;
  return `${v.studentName ? `${v.studentName}: ` : ''}${v.Name}, ${when}`;
}

/** The cart line of a checkout's class item (and of the place held for it), by the item's index. */
export const classLineId = (index: number) => `class-${index + 1}`;

function classLine(v: ValidatedClassItem, index: number, company: Company): CartLine {
  return {
    id: classLineId(index),
    kind: v.kind === 'casual' ? 'CasualClass' : 'FullClass',
    description: classLineDescription(v, company.settings.localization.DateFormat),
    taxable: true,
    unitPriceCents: v.unit_price,
    quantity: v.dates.length,
    classId: v.ClassID,
    startDate: v.startDate,
  };
}

/**
 * What a family or guest not written yet would pay (decisions 049, 050): the checkout's own lines
 * and pricing for classes (no student of theirs to check) and courts, with no code, credit or
 * invoice of theirs to apply. The checkout prices the same items again when they pay.
 */
export async function quoteNewFamily(
  ctx: Ctx,
  company: Company,
  items: { classItems?: Omit<ClassItem, 'student_id'>[]; bookingItems?: Cart['bookingItems']; studentNames?: (string | null)[] },
  paymentMethod: 'card' | 'direct_debit',
  /** The registration asking: its own held places are not counted against it (decision 109). */
  registrationId?: number,
  /** Each full class named by its line (`classItems.<index>`), for a caller that says it of its own choices. */
  { byLine = false } = {},
): Promise<QuoteAnswer> {
  const lines: CartLine[] = [];
  (await validateNewStudentClassItems(ctx, company, items.classItems ?? [], undefined, registrationId, byLine)).forEach((checked, index) =>
    lines.push(classLine({ ...checked, studentName: items.studentNames?.[index] || checked.studentName }, index, company)),
  );
  const at = ctx.clock.now();
  (items.bookingItems ?? []).forEach((item, index) => lines.push(bookingLine(company, item, index, at)));
  const quote = price({
    today: companyToday(company, at),
    newInvoiceNo: NEW_INVOICE_NO,
    lines,
    settings: pricingSettingsOf(company.settings),
    discountCodeEntries: [],
    discountCodes: [],
    credits: [],
    paymentMethod,
  });
  return { ...quote, currencySymbol: company.settings.localization.CurrencySymbol, ...(await cardEntry(ctx, company)) };
}

/** What became of the payment made under a key for the client: none, or its status, its charge and (once completed) its answer. */

export function classItemsOf(cart: Pick<Cart, 'classItems' | 'ocrProfileId'>): ClassItem[] {
  return cart.classItems.map((item) => ({
    class_id: item.ClassID,
    student_id: item.StudentID,
    kind: item.casual ? 'casual' : 'ongoing',
    dates: item.dates,
    ...(cart.ocrProfileId !== null ? { ocr_profile_id: cart.ocrProfileId } : {}),
  }));
}

export function price(input: PricingInput): Quote {
  try {
    return priceCart(input);
  } catch (err) {
    if (err instanceof PricingInputError) throw new AppError(422, 'CANNOT_PRICE', 'This cart cannot be priced. Please check its items.');
    throw err;
  }
}

/**
 * The rows and totals the checkout shows for the cart (H8–H12, H17, H18). A class that filled
 * meanwhile refuses the quote with 409 `CLASS_FULL`, each full class named by its line
 * (`classItems.<index>`), as a court taken is, so the page offers no Hold again for it (decision 129).
 */
export async function quoteCart(ctx: Ctx, company: Company, clientId: number, cart: Cart): Promise<QuoteAnswer> {
  const checked = await validateClassItems(ctx, company, clientId, classItemsOf(cart));
  // A court of the cart that another family holds or has booked meanwhile is named now, not at Pay.
  await assertCourtsFree(ctx, company, clientId, cart.bookingItems);
  const quote = price(await loadPricingInput(ctx, company, clientId, cart, checked));
  const instalmentOffer = instalmentOfferOf(company, cart, quote, companyToday(company, ctx.clock.now()), checked);
  return { ...quote, currencySymbol: company.settings.localization.CurrencySymbol, ...(await cardEntry(ctx, company)), instalmentOffer };
}

export async function listCredits(ctx: Ctx, company: Company, clientId: number) {
  const rows = await repo.findClientCredits(ctx.db, ctx.engine, company.id, clientId);
  return { credits: rows.map((r) => ({ CreditID: r.id, Description: r.description, AmountCents: r.remaining_cents, CreatedAt: r.created_at })) };
}

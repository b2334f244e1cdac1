import type { CompanyBundleInput } from '../modules/import/import.api.ts';

/**
 * Demo court bookings and financials (decision 025): Ace Tennis gets two venues with courts,
 * opening hours and priced booking types, and parent@'s bookings there; parent@ at Splash gets
 * two years of invoices with every line type, receipts (one paying two invoices, one paying
 * part of an invoice) and instalment plans.
 */
export function withDemoBookingsAndFinancials(bundle: CompanyBundleInput): CompanyBundleInput {
  if (bundle.company.code === 'SPLASH') bundle.financials = splashFinancials();
  // dancer@'s paid invoice, paid by direct debit on its due date.
  if (bundle.company.code === 'THAMES') {
    bundle.financials = {
      receipts: [{ receipt_no: 'TDS-R-0398', client: 'grace', receipt_date: 'today-56', method: 'Direct Debit', allocations: [{ invoice_no: 'TDS-0398', amount_cents: 15600 }] }],
    };
  }
  if (bundle.company.code === 'ACE') {
    Object.assign(bundle.company.config, aceCatalogue());
    bundle.financials = aceFinancials();
    bundle.bookings = aceBookings();
  }
  return bundle;
}

type Financials = NonNullable<CompanyBundleInput['financials']>;
type Line = NonNullable<Financials['invoices']>[number]['lines'][number];

const gst = (cents: number) => Math.round(cents / 11);
const cls = (description: string, sessions: number, price: number): Line => ({
  type: 'Class',
  description,
  quantity: sessions,
  unit_price_cents: price,
  tax_cents: gst(sessions * price),
  breakdown_key: 'FullClass',
});
const line = (type: Line['type'], description: string, cents: number, taxable = true): Line => ({
  type,
  description,
  unit_price_cents: cents,
  tax_cents: taxable ? gst(cents) : 0,
});

const METHODS = ['Credit Card', 'Direct Debit', 'Bank Transfer', 'Cash'];

function splashFinancials(): Financials {
  // Lines of the invoices already on sarah's list (their totals and balances stay as listed).
  const current = [
    { invoice_no: 'INV-10198', lines: [cls('Term 2 – Ella, Seahorse (Sat 09:30 AM, Bondi)', 10, 2450)] },
    {
      invoice_no: 'INV-10212',
      lines: [cls('Term 3 – Ella, Seahorse (Sat 09:30 AM, Bondi)', 10, 2600), line('Discount Credit', 'Sibling discount 10%', -2600), line('Credit Card Surcharge', 'Card surcharge', 1100, false)],
    },
    { invoice_no: 'INV-10219', lines: [cls('Term 3 – Noah, Starfish (Sat 10:00 AM, Bondi), half term', 5, 2450)] },
    { invoice_no: 'INV-10225', lines: [{ ...line('Custom', 'Registration fee', 3500), breakdown_key: 'RegistrationFee' as const }] },
    { invoice_no: 'INV-10231', lines: [cls('Term 4 – Ella, Seahorse (Sat 09:30 AM, Bondi)', 10, 2450)] },
    { invoice_no: 'INV-10233', lines: [cls('Term 4 – Noah, Starfish (Sat 10:00 AM, Bondi), half term', 5, 2650), line('Discount Credit', 'Sibling discount', -1000)] },
    { invoice_no: 'INV-10236', lines: [cls('Term 4 – Noah, Starfish (Wed 04:00 PM, Maroubra)', 10, 2450)] },
    { invoice_no: 'INV-10237', lines: [{ ...line('Additional Invoice Item', 'Swim cap and goggles', 3500), breakdown_key: 'AdditionalInvoiceitem' as const }] },
    {
      invoice_no: 'INV-10239',
      lines: [{ ...line('Package', '5-lesson holiday intensive', 9800), breakdown_key: 'Package' as const }, line('Discount Code', 'Code SUMMER10', -1000)],
    },
    { invoice_no: 'INV-10240', lines: [cls('Term 1 – Ella, Seahorse (Sat 09:30 AM, Bondi)', 10, 2450)] },
    { invoice_no: 'INV-10241', lines: [cls('Term 1 – Noah, Starfish (Sat 10:00 AM, Bondi), half term', 5, 2450)] },
    { invoice_no: 'INV-10243', lines: [cls('Term 1 – Ella, squad (Tue 05:00 PM, Bondi)', 10, 2450)] },
    { invoice_no: 'INV-10244', lines: [cls('Term 1 – Noah, squad (Thu 05:00 PM, Maroubra)', 10, 2450)] },
    { invoice_no: 'INV-10245', lines: [line('Time Scale Total', 'Lane hire, Sat 07:00 AM - 08:00 AM (peak rate)', 4500)] },
  ];

  // Two years of earlier terms: every one paid, one written off as bad debt.
  const older: Financials['invoices'] = [];
  const receipts: Financials['receipts'] = [];
  for (let i = 0; i < 24; i += 1) {
    const daysAgo = 720 - i * 24;
    const no = `INV-${9601 + i}`;
    const child = i % 2 === 0 ? 'Ella, Seahorse (Sat 09:30 AM, Bondi)' : 'Noah, Starfish (Sat 10:00 AM, Bondi)';
    const lines: Line[] = [cls(`Term ${(Math.floor(i / 2) % 4) + 1} – ${child}`, 10, 2300 + (i >= 12 ? 100 : 0))];
    if (i === 5) lines.push(line('Bad Debt', 'Written off: lessons missed during injury', -lines[0]!.unit_price_cents * 10));
    if (i === 9) lines.push(line('Discount Credit', 'Sibling discount 10%', -2300));
    if (i === 14) lines.push(line('Credit Card Surcharge', 'Card surcharge', 600, false));
    // Paid 10 days after its date, 4 before it was due (its receipt below).
    if (i === 17) lines.push(line('Early Payment Discount', 'Paid 4 days early', -1000));
    const total = lines.reduce((s, l) => s + l.unit_price_cents * (l.quantity ?? 1), 0);
    older.push({ invoice_no: no, client: 'sarah', invoice_date: `today-${daysAgo}`, payment_date: `today-${daysAgo - 14}`, status: 'Paid', lines });
    if (total > 0) {
      receipts.push({
        receipt_no: `RCT-${20001 + i}`,
        client: 'sarah',
        receipt_date: `today-${daysAgo - 10}`,
        method: METHODS[i % METHODS.length]!,
        allocations: [{ invoice_no: no, amount_cents: total }],
      });
    }
  }

  receipts.push(
    { receipt_no: 'RCT-20101', client: 'sarah', receipt_date: 'today-140', method: 'Credit Card', reference: 'Card ending 4242', allocations: [{ invoice_no: 'INV-10198', amount_cents: 24500 }] },
    {
      receipt_no: 'RCT-20102',
      client: 'sarah',
      receipt_date: 'today-50',
      method: 'Direct Debit',
      reference: 'Ezidebit 88120',
      allocations: [
        { invoice_no: 'INV-10212', amount_cents: 24500 },
        { invoice_no: 'INV-10219', amount_cents: 12250 },
      ],
    },
    { receipt_no: 'RCT-20103', client: 'sarah', receipt_date: 'today-30', method: 'Cash', allocations: [{ invoice_no: 'INV-10225', amount_cents: 3500 }] },
    { receipt_no: 'RCT-20104', client: 'sarah', receipt_date: 'today-16', method: 'Credit Card', reference: 'Card ending 4242', allocations: [{ invoice_no: 'INV-10233', amount_cents: 6125 }] },
    // family@'s paid invoice: its payment shows on the invoice and in the balance history.
    { receipt_no: 'RCT-20105', client: 'james', receipt_date: 'today-16', method: 'Direct Debit', allocations: [{ invoice_no: 'INV-10250', amount_cents: 26000 }] },
  );

  return {
    invoices: [...current, ...older],
    receipts,
    payment_plans: [
      { client: 'sarah', next_charge: 'today+4', amount_cents: 2450, period: 'Weekly', remaining_charges: 6, notes: 'Term 1 – Ella, Seahorse: weekly instalments' },
      { client: 'sarah', next_charge: 'today+11', amount_cents: 4900, period: 'Fortnightly', remaining_charges: 3, notes: 'Term 1 – Noah, Starfish: fortnightly instalments' },
      { client: 'sarah', next_charge: 'today+26', amount_cents: 8000, period: 'Monthly', remaining_charges: 2, notes: 'Squad membership' },
    ],
  };
}

function aceCatalogue() {
  const weekdays = [1, 2, 3, 4, 5].map((Day) => ({ Day, Opens: '07:00', Closes: '22:00' }));
  const weekend = [6, 7].map((Day) => ({ Day, Opens: '08:00', Closes: '20:00' }));
  return {
    TimeInterval: 30,
    ob_venues: [
      {
        VenueID: 1,
        Name: 'Riverside Courts',
        Address: 'Riverside Park at W 96th St, New York, NY 10025',
        Courts: ['Court 1', 'Court 2', 'Court 3', 'Court 4'],
        OpeningHours: [...weekdays, ...weekend],
      },
      { VenueID: 2, Name: 'The Bubble (indoor)', Address: '145 W 100th St, New York, NY 10025', Courts: ['Indoor 1', 'Indoor 2'], OpeningHours: [...weekdays, ...weekend] },
    ],
    booking_types: [
      { BookingTypeID: 1, Name: 'Court hire (1 hour)', DurationMinutes: 60, PriceCents: 4000 },
      { BookingTypeID: 2, Name: 'Ball machine (30 min)', DurationMinutes: 30, PriceCents: 2500, VenueIDs: [1] },
      { BookingTypeID: 3, Name: 'Indoor court (90 min)', DurationMinutes: 90, PriceCents: 7500, VenueIDs: [2] },
    ],
    booking_setup: { AdvanceBookingDays: 14, CancelCutoffHours: 24, HoldMinutes: 10 },
  };
}

function aceFinancials(): Financials {
  const clinic = (d: string): Line => ({ type: 'Class', description: d, quantity: 8, unit_price_cents: 4500, breakdown_key: 'FullClass' });
  return {
    invoices: [
      { invoice_no: 'ACE-5012', lines: [clinic('Fall session – Noah, Orange Ball clinic (Wed 04:00 PM)')] },
      { invoice_no: 'ACE-5031', lines: [clinic('Winter session – Noah, Orange Ball match play (Sat 09:00 AM)')] },
      {
        invoice_no: 'ACE-5044',
        lines: [
          { type: 'Custom', description: 'Court hire (1 hour) – Court 2, Riverside Courts', unit_price_cents: 4000, breakdown_key: 'Booking' },
          { type: 'Custom', description: 'Indoor court (90 min) – Indoor 1, The Bubble (indoor)', unit_price_cents: 7500, breakdown_key: 'Booking' },
        ],
      },
    ],
    receipts: [
      { receipt_no: 'ACE-R-3001', client: 'sarah', receipt_date: 'today-35', method: 'Credit Card', reference: 'Card ending 1881', allocations: [{ invoice_no: 'ACE-5012', amount_cents: 36000 }] },
    ],
    payment_plans: [],
  };
}

function aceBookings(): NonNullable<CompanyBundleInput['bookings']> {
  return [
    // Outside the evening band, so the invoice's lines are the bookings' prices on any day of the week.
    { client: 'sarah', venue_id: 1, court: 'Court 2', booking_type_id: 1, date: 'today+2', time: '15:00', invoice_no: 'ACE-5044' },
    { client: 'sarah', venue_id: 2, court: 'Indoor 1', booking_type_id: 3, date: 'today+6', time: '10:00', invoice_no: 'ACE-5044' },
    { client: 'sarah', venue_id: 1, court: 'Court 1', booking_type_id: 2, date: 'today+9', time: '07:30' },
    { client: 'sarah', venue_id: 1, court: 'Court 4', booking_type_id: 1, date: 'today-3', time: '17:00' },
    { client: 'sarah', venue_id: 1, court: 'Court 3', booking_type_id: 1, date: 'today-10', time: '18:30' },
    { client: 'sarah', venue_id: 1, court: 'Court 2', booking_type_id: 1, date: 'today+3', time: '19:00', status: 'cancelled' },
  ];
}

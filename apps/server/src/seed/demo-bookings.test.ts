import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeScaleOf } from '@portal/shared/payment/payment-setup';
import { bookingPrice } from '@portal/shared/pricing/time-scale';
import type { CompanyBundleInput } from '../modules/import/import.api.ts';
import { startTestApp, type TestApp } from '../test/api-harness.ts';
import { companyIdOf } from '../test/payment-fixtures.ts';
import { demoBundles } from './demo-bundles.ts';

/**
 * H18 in the demo: Ace prices weekday evenings by a time-scale band. A newcomer trying the demo
 * sees each booking at the price it was charged, and a band that is a peak rate.
 */
describe('the demo court bookings (H18)', () => {
  const ace = (demoBundles() as CompanyBundleInput[]).find((b) => b.company.code === 'ACE')!;
  const config = ace.company.config;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('have an evening band that makes no booking type cheaper than at other times', () => {
    const { bands } = timeScaleOf(config.fin_setup as never);
    expect(bands.length).toBeGreaterThan(0);
    for (const type of config.booking_types ?? []) {
      const ownHourly = ((type.PriceCents ?? 0) / type.DurationMinutes) * 60;
      for (const band of bands) expect(band.hourlyRateCents, `${type.Name} in ${band.from}–${band.to}`).toBeGreaterThanOrEqual(ownHourly);
    }
  });

  it('keep the price the checkout charges at their time, the evening band’s included', async () => {
    const companyId = await companyIdOf(t, 'ACE');
    const rows = await t.runtime.ctx.db.selectFrom('bookings').where('company_id', '=', companyId).select(['booking_type_id', 'date', 'start_time', 'price_cents']).execute();
    const timeScale = timeScaleOf(config.fin_setup as never);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const type = config.booking_types!.find((x) => x.BookingTypeID === row.booking_type_id)!;
      const charged = bookingPrice({ date: row.date, startTime: row.start_time, durationMinutes: type.DurationMinutes, priceCents: type.PriceCents ?? 0 }, timeScale).cents;
      expect(row.price_cents, `${type.Name} on ${row.date} at ${row.start_time}`).toBe(charged);
    }
  });

  it('bill on each invoice the prices the bookings keep', async () => {
    const db = t.runtime.ctx.db;
    const companyId = await companyIdOf(t, 'ACE');
    const booked = await db
      .selectFrom('bookings')
      .where('company_id', '=', companyId)
      .where('status', '=', 'confirmed')
      .where('invoice_id', 'is not', null)
      .select(['invoice_id', 'price_cents'])
      .execute();
    expect(booked.length).toBeGreaterThan(0);
    for (const invoiceId of new Set(booked.map((b) => b.invoice_id!))) {
      const lines = await db
        .selectFrom('invoice_lines')
        .where('company_id', '=', companyId)
        .where('invoice_id', '=', invoiceId)
        .where('breakdown_key', '=', 'Booking')
        .select('amount_cents')
        .execute();
      const prices = booked.filter((b) => b.invoice_id === invoiceId).map((b) => b.price_cents);
      expect(lines.map((l) => l.amount_cents).sort()).toEqual(prices.sort());
    }
  });
});

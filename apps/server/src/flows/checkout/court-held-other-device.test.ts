import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartHoldsAnswer } from '@portal/shared/payment-schemas';
import { Browser, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { findCompanyByCode } from '../../modules/company/company.service.ts';
import { bookingOptions } from '../../modules/bookings/bookings.service.ts';
import type { Company } from '../../domain/company.ts';
import { addDays } from '../../lib/time.ts';

/**
 * A court the family's cart holds is the family's on any device: the free times list it, and
 * adding it to the cart on another device (whose cart, kept in the browser, is empty) takes the
 * hold over and renews it, never a second hold. Another family is still refused it.
 */
describe.each(testEngines())('a court held by the family, added on another device, on %s', (engine) => {
  let t: TestApp;
  let ace: Company;
  const db = () => t.runtime.ctx.db;

  beforeAll(async () => {
    t = await startTestApp(engine);
    ace = (await findCompanyByCode(t.runtime.ctx, 'ACE'))!;
  });
  afterAll(() => t.close());

  const family = () => registerCustomer(t, { email: `device.${randomBytes(4).toString('hex')}@example.com`, company: 'ACE', password: 'Portal#2026' });
  /** The same family signed in on a second device: its own cookies, an empty cart. */
  const secondDevice = async (f: { email: string; password: string }) => {
    const browser = new Browser(t.server);
    await browser.signIn('ACE', f.email, f.password);
    return browser;
  };
  const check = (browser: Browser, slot: unknown) => browser.post<{ code?: string; message?: string; item?: { court: string } }>('/api/bookings/check', slot);
  const hold = (browser: Browser, bookingItems: unknown[]) => browser.call<CartHoldsAnswer>('PUT', '/api/payment/cart-holds', { classItems: [], bookingItems });
  const freeCourts = async (browser: Browser, date: string, time: string) =>
    (await browser.get<{ slots: { time: string; freeCourts: string[] }[] }>(`/api/bookings/availability?venue_id=1&booking_type_id=1&date=${date}`)).body.slots.find((s) => s.time === time)
      ?.freeCourts;
  const heldRows = (date: string, court: string) =>
    db()
      .selectFrom('bookings')
      .select(['id', 'client_id', 'hold_expires_at'])
      .where('company_id', '=', ace.id)
      .where('date', '=', date)
      .where('court', '=', court)
      .where('status', '=', 'held')
      .orderBy('id')
      .execute();
  const taken = 'Sorry, that court has just been booked. Please choose another time or court.';

  it('adding the court on the second device takes over the family’s own hold and renews it; another family is still refused', async () => {
    const date = addDays(bookingOptions(ace, new Date()).today, 3);
    const slot = { venue_id: 1, booking_type_id: 1, date, time: '08:00', court: 'Court 1' };
    const a = await family();
    expect((await check(a.browser, slot)).status).toBe(200);
    expect((await hold(a.browser, [slot])).body.courts).toHaveLength(1);
    const [held] = await heldRows(date, 'Court 1');
    // The hold is near its end (most of its minutes gone) when the other device adds the court.
    const soon = new Date(Date.now() + 60_000).toISOString();
    await db().updateTable('bookings').set({ hold_expires_at: soon }).where('company_id', '=', ace.id).where('id', '=', held!.id).execute();

    const other = await secondDevice(a);
    expect(await freeCourts(other, date, '08:00')).toContain('Court 1');
    const before = Date.now();
    const added = await check(other, slot);
    expect(added.status).toBe(200);
    expect(added.body.item?.court).toBe('Court 1');
    const rows = await heldRows(date, 'Court 1');
    expect(rows.map((r) => [r.id, r.client_id])).toEqual([[held!.id, a.clientId]]);
    expect(Date.parse(rows[0]!.hold_expires_at!)).toBeGreaterThanOrEqual(before + ace.settings.booking_setup.HoldMinutes * 60_000 - 1_000);

    // The second device's cart holds it as the same hold, with its renewed time; no refusal.
    const synced = await hold(other, [slot]);
    expect(synced.body.refused).toEqual([]);
    expect(synced.body.courts).toEqual([{ ...slot, heldUntil: rows[0]!.hold_expires_at }]);
    expect((await heldRows(date, 'Court 1')).map((r) => r.id)).toEqual([held!.id]);

    // Another family: the court is not free, adding it is refused, and the hold stays the family’s.
    const b = await family();
    expect(await freeCourts(b.browser, date, '08:00')).not.toContain('Court 1');
    const rival = await check(b.browser, slot);
    expect(rival.status).toBe(409);
    expect(rival.body.message).toBe(taken);
    expect((await heldRows(date, 'Court 1')).map((r) => [r.id, r.client_id, r.hold_expires_at])).toEqual([[held!.id, a.clientId, rows[0]!.hold_expires_at]]);
  });

  it('a court of the family’s payment under way, or overlapping its hold at another time, is not taken over', async () => {
    const date = addDays(bookingOptions(ace, new Date()).today, 3);
    const a = await family();
    const slot = { venue_id: 1, booking_type_id: 1, date, time: '14:00', court: 'Court 2' };
    expect((await hold(a.browser, [slot])).body.courts).toHaveLength(1);
    const other = await secondDevice(a);
    // Half an hour later on the same court overlaps the hold: not the same court and time, so refused.
    const overlapping = await check(other, { ...slot, time: '14:30' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.message).toBe(taken);
    // The hold moved to a payment (its own hold token) is that payment’s, not the cart’s.
    await db()
      .updateTable('bookings')
      .set({ hold_token: randomBytes(16).toString('hex') })
      .where('company_id', '=', ace.id)
      .where('client_id', '=', a.clientId)
      .where('status', '=', 'held')
      .execute();
    expect((await check(other, slot)).status).toBe(409);
    expect(await heldRows(date, 'Court 2')).toHaveLength(1);
  });

  it('both devices adding the same free court at once end with one hold of it, held by both carts', async () => {
    const date = addDays(bookingOptions(ace, new Date()).today, 3);
    const slot = { venue_id: 1, booking_type_id: 1, date, time: '17:00', court: 'Court 3' };
    const a = await family();
    const other = await secondDevice(a);
    const checks = await Promise.all([check(a.browser, slot), check(other, slot)]);
    expect(checks.map((c) => c.status)).toEqual([200, 200]);
    const holds = await Promise.all([hold(a.browser, [slot]), hold(other, [slot])]);
    for (const h of holds) {
      expect(h.body.refused).toEqual([]);
      expect(h.body.courts).toHaveLength(1);
    }
    expect((await heldRows(date, 'Court 3')).map((r) => r.client_id)).toEqual([a.clientId]);
    // Adding it again on both at once, with the hold there: still the one hold.
    expect((await Promise.all([check(a.browser, slot), check(other, slot)])).map((c) => c.status)).toEqual([200, 200]);
    expect(await heldRows(date, 'Court 3')).toHaveLength(1);
  });
});

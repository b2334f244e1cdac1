import { describe, expect, it } from 'vitest';
import { classMessages } from '@portal/shared/class-schemas';
import type { CartHoldsAnswer } from '@portal/shared/payment-schemas';
import { testEngines, type Browser } from '../../test/api-harness.ts';
import { countCharges, emptyClass, familyWithChild, idempotencyKey as key, splashClassesApp, tokenise } from '../../test/payment-fixtures.ts';
import { runMinuteJobs } from '../../jobs/scheduler.ts';

/**
 * A class of the cart that filled while it was not held for the family: its hold ran out and
 * another family took the last place. The quote names its line, as it names a court taken, so
 * the checkout never offers to hold it again; the cart's other classes are not named.
 */
describe.each(testEngines())('a class of the cart that filled meanwhile on %s', (engine) => {
  const app = splashClassesApp(engine, 3);
  const db = () => app.db();
  const nameOf = async (classId: number) => (await db().selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirstOrThrow()).name;
  const hold = (browser: Browser, classItems: unknown[]) => browser.call<CartHoldsAnswer>('PUT', '/api/payment/cart-holds', { classItems, bookingItems: [] });
  const quote = (browser: Browser, classItems: unknown[]) => browser.post<{ code?: string; message?: string; errors?: unknown }>('/api/payment/quote', { classItems });
  const pay = async (browser: Browser, classItems: unknown[]) =>
    browser.post<{ code?: string; message?: string; errors?: unknown }>('/api/payment/checkout', { classItems, cardToken: await tokenise(browser) }, { 'idempotency-key': key() });

  it('the quote refuses with CLASS_FULL naming the full class’s line alone; taken out, the rest is priced', async () => {
    const [roomy, full] = [
      await emptyClass(app.t, app.splash, app.classIds[0]!, { capacity: 5, price_cents: 2_000 }),
      await emptyClass(app.t, app.splash, app.classIds[1]!, { capacity: 1, price_cents: 2_000 }),
    ];
    const a = await familyWithChild(app.t);
    const b = await familyWithChild(app.t);
    const cart = [
      { ClassID: roomy, StudentID: a.studentId },
      { ClassID: full, StudentID: a.studentId },
    ];
    const held = await hold(a.browser, cart);
    expect(held.body.classes).toHaveLength(2);
    expect((await quote(a.browser, cart)).status).toBe(200);

    // The holds run out; another family takes the last place of the small class.
    await runMinuteJobs(app.t.runtime.ctx, new Date(Math.max(...held.body.classes.map((h) => Date.parse(h.heldUntil))) + 1_000));
    expect((await hold(b.browser, [{ ClassID: full, StudentID: b.studentId }])).body.classes).toHaveLength(1);

    const message = classMessages.classFull(await nameOf(full));
    const refused = await quote(a.browser, cart);
    expect([refused.status, refused.body]).toEqual([409, { code: 'CLASS_FULL', message, errors: [{ field: 'classItems.1', message }] }]);
    // Nothing was held or written for the family by asking.
    expect((await a.browser.get<CartHoldsAnswer>('/api/payment/cart-holds')).body.classes).toEqual([]);
    expect((await quote(a.browser, [cart[0]])).status).toBe(200);
  });

  it('Pay refused CLASS_FULL names each full class by its line of the cart, whatever order the classes are checked in', async () => {
    // The classes are checked at Pay in class order: the full class of the lowest id comes last in the cart.
    const [fullFirst, roomy, fullLast] = [
      await emptyClass(app.t, app.splash, app.classIds[0]!, { capacity: 0, price_cents: 2_000 }),
      await emptyClass(app.t, app.splash, app.classIds[1]!, { capacity: 5, price_cents: 2_000 }),
      await emptyClass(app.t, app.splash, app.classIds[2]!, { capacity: 0, price_cents: 2_000 }),
    ];
    const a = await familyWithChild(app.t);
    const charges = await countCharges(app.t, app.splash);
    const cart = [roomy, fullLast, fullFirst].map((ClassID) => ({ ClassID, StudentID: a.studentId }));

    const refused = await pay(a.browser, cart);
    // The answer's message is the first class checked, as before; the lines are named in the cart's order.
    const [first, last] = [classMessages.classFull(await nameOf(fullFirst)), classMessages.classFull(await nameOf(fullLast))];
    expect([refused.status, refused.body]).toEqual([
      409,
      {
        code: 'CLASS_FULL',
        message: first,
        errors: [
          { field: 'classItems.1', message: last },
          { field: 'classItems.2', message: first },
        ],
      },
    ]);
    expect(await countCharges(app.t, app.splash)).toBe(charges);
    // The quote of the same cart names the same lines.
    expect((await quote(a.browser, cart)).body.errors).toEqual([
      { field: 'classItems.1', message: last },
      { field: 'classItems.2', message: first },
    ]);
  });
});

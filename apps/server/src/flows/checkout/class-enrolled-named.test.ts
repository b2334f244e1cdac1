import { describe, expect, it } from 'vitest';
import { classMessages } from '@portal/shared/class-schemas';
import type { CartHoldsAnswer } from '@portal/shared/payment-schemas';
import { testEngines, type Browser } from '../../test/api-harness.ts';
import { emptyClass, familyWithChild, idempotencyKey as key, splashClassesApp, tokenise } from '../../test/payment-fixtures.ts';

/**
 * A class of the cart the child was enrolled in meanwhile (paid in another tab or on another
 * device, so this cart still holds it). The quote names its line with its own code, so the
 * checkout offers to take it out, never to hold it again; the cart's other classes are not named.
 */
describe.each(testEngines())('a class of the cart the child is enrolled in meanwhile on %s', (engine) => {
  const app = splashClassesApp(engine, 2);
  const db = () => app.db();
  const hold = (browser: Browser, classItems: unknown[]) => browser.call<CartHoldsAnswer>('PUT', '/api/payment/cart-holds', { classItems, bookingItems: [] });
  const quote = (browser: Browser, classItems: unknown[]) => browser.post<{ code?: string; message?: string; errors?: unknown }>('/api/payment/quote', { classItems });

  it('the quote refuses with ALREADY_ENROLLED naming that class’s line alone; taken out, the rest is priced', async () => {
    const [other, paid] = [
      await emptyClass(app.t, app.splash, app.classIds[0]!, { capacity: 5, price_cents: 2_000 }),
      await emptyClass(app.t, app.splash, app.classIds[1]!, { capacity: 5, price_cents: 2_000 }),
    ];
    const a = await familyWithChild(app.t, 'Lily');
    const cart = [
      { ClassID: other, StudentID: a.studentId },
      { ClassID: paid, StudentID: a.studentId },
    ];
    expect((await hold(a.browser, cart)).body.classes).toHaveLength(2);
    // Paid for on another device: that checkout buys the one class.
    const bought = await a.browser.post('/api/payment/checkout', { classItems: [cart[1]], cardToken: await tokenise(a.browser) }, { 'idempotency-key': key() });
    expect(bought.status).toBe(200);

    const name = (await db().selectFrom('classes').select('name').where('id', '=', paid).executeTakeFirstOrThrow()).name;
    const student = await db().selectFrom('students').select(['first_name', 'last_name']).where('id', '=', a.studentId).executeTakeFirstOrThrow();
    const message = classMessages.alreadyEnrolled(`${student.first_name} ${student.last_name}`, name);
    const refused = await quote(a.browser, cart);
    expect([refused.status, refused.body]).toEqual([409, { code: 'ALREADY_ENROLLED', message, errors: [{ field: 'classItems.1', message, code: 'ALREADY_ENROLLED' }] }]);
    expect((await quote(a.browser, [cart[0]])).status).toBe(200);
  });
});

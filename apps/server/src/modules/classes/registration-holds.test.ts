import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../test/api-harness.ts';
import { emptyClass, familyWithChild, splashClassesApp } from '../../test/payment-fixtures.ts';
import { addMinutes, nowIso } from '../../lib/time.ts';
import { findCompanyById } from '../company/company.api.ts';
import { handRegistrationHoldsOver, holdRegistrationPlaces, registrationHoldsCover } from './classes.api.ts';

/**
 * Decision 109: a submission hands the places its registration holds to its children with the
 * places it read before its transaction, unless another tab chose again meanwhile (which gives
 * every earlier place back): the places are then read again, and no place is left to the registration.
 */
describe.each(testEngines())('a registration’s places handed to its children on %s', (engine) => {
  const app = splashClassesApp(engine, 2);
  const { db } = app;

  const registration = async () => {
    const at = nowIso();
    const row = await db()
      .insertInto('registrations')
      .values({
        company_id: app.splash,
        profile_id: 1,
        token_hash: crypto.randomBytes(16).toString('hex'),
        email: `holds.${crypto.randomBytes(4).toString('hex')}@example.com`,
        email_verified_at: at,
        captcha_verified_until: null,
        submitted_at: null,
        created_at: at,
        expires_at: nowIso(addMinutes(new Date(), 60)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const placesOf = (classId: number) =>
    db().selectFrom('enrolments').select(['status', 'student_id', 'registration_id']).where('company_id', '=', app.splash).where('class_id', '=', classId).orderBy('id').execute();

  it('places read before another tab chose again: the places held now go to the children, the rest given back', async () => {
    const [first, second] = [
      await emptyClass(app.t, app.splash, app.classIds[0]!, { capacity: 2, price_cents: 2_000 }),
      await emptyClass(app.t, app.splash, app.classIds[1]!, { capacity: 2, price_cents: 2_000 }),
    ];
    const ctx = app.t.runtime.ctx;
    const company = (await findCompanyById(ctx, app.splash))!;
    const registrationId = await registration();
    const item = { class_id: first, kind: 'ongoing' as const, dates: [] };
    const until = addMinutes(new Date(), 10);
    await holdRegistrationPlaces(ctx, company, registrationId, [item], until);
    const read = await registrationHoldsCover(ctx, company, registrationId, [item]);
    expect(read).toHaveLength(1);
    // Another tab asks again for the same class and another: every earlier place is given back, two are held anew.
    await holdRegistrationPlaces(ctx, company, registrationId, [item, { ...item, class_id: second }], until);
    const family = await familyWithChild(app.t);
    const handed = await ctx.transaction((tx) => handRegistrationHoldsOver(tx, company, registrationId, [{ ...item, student_id: family.studentId }], read!));
    expect(handed).toBe(1);
    expect(await placesOf(first)).toEqual([{ status: 'held', student_id: family.studentId, registration_id: null }]);
    expect(await placesOf(second)).toEqual([]);
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { insertEnrolment, insertEnrolments, LockedClass } from './classes.repository.ts';

const src = path.resolve(import.meta.dirname, '../..');

/** The server's own source files, tests left out. */
function sources(dir = src): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sources(file);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [file] : [];
  });
}

/** Every statement in the source that writes rows into `table`, as "file: how". */
function writersOf(table: 'enrolments' | 'bookings' | 'booking_slots'): string[] {
  const ways = [new RegExp(`insertInto\\(\\s*'${table}'\\s*\\)`, 'g'), new RegExp(`insertRows(?:ReturningIds)?\\(\\s*\\w+,\\s*'${table}'`, 'g'), new RegExp(`insert\\s+into\\s+"?${table}\\b`, 'gi')];
  return sources().flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return ways.flatMap((way) => [...text.matchAll(way)].map((m) => `${path.relative(src, file)}: ${m[0].replace(/\s+/g, ' ')}`));
  });
}

/**
 * Issue 22, one locked path for places: every way a family takes a place in a class (a checkout,
 * a registration, a waitlist acceptance, a make-up) writes it through `insertEnrolment`, which
 * takes only the `LockedClass` that `lockClass` answers; a court is written through
 * `insertBooking`, whose slot rows the database keeps from overlapping (booking_slots' primary
 * key). The company's bundle import writes the enrolments of the classes it creates in the same
 * transaction, and its bookings with their slot rows.
 */
describe('one locked path for places', () => {
  it('writes enrolments only through insertEnrolment, besides the import of a company’s own new classes', () => {
    expect(writersOf('enrolments')).toEqual(["modules/classes/classes.repository.ts: insertInto('enrolments')", "modules/import/import-classes.ts: insertRows( trx, 'enrolments'"]);
  });

  it('writes bookings only through insertBooking and the company’s import, each with the slot rows the database keeps from overlapping', () => {
    const writers = writersOf('bookings');
    expect(writers).toEqual(["modules/bookings/bookings.repository.ts: insertInto('bookings')", "modules/import/bundle-financials.ts: insertRowsReturningIds( trx, 'bookings'"]);
    const files = (list: string[]) => list.map((w) => w.split(':')[0]);
    expect(files(writersOf('booking_slots'))).toEqual(files(writers));
  });

  it('takes a place only with the class’s lock: insertEnrolment(s) ask for what lockClass(es) answer, and a lock cannot be made by hand', () => {
    expectTypeOf<Parameters<typeof insertEnrolment>[1]>().toEqualTypeOf<LockedClass>();
    // A cart's places, written in one statement, each with its class's lock.
    expectTypeOf<Parameters<typeof insertEnrolments>[1][number]['place']>().toEqualTypeOf<LockedClass>();
    // @ts-expect-error an object with the class's ids is not its lock
    const forged: LockedClass = { companyId: 1, classId: 1 };
    expect(forged.classId).toBe(1);
  });
});

import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Guest bookings of the public booking page (decision 050). A company's guest bookings are made
 * and paid for by one client of its own, its "online guests" (guest_clients), so the checkout,
 * holds, invoices and receipts work as for any family; each guest's name, e-mail and phone, and
 * the hash of the link that cancels the booking, are kept per booking in guest_bookings, under
 * the Idempotency-Key of its checkout.
 */
export function guestBookings(engine: Engine) {
  const id = engine === 'postgres' ? 'id serial primary key' : 'id integer primary key autoincrement';
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await sql
        .raw(
          `create table guest_clients (
            company_id integer not null primary key references companies (id) on delete cascade,
            client_id integer not null,
            constraint guest_clients_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade
          )`,
        )
        .execute(db);
      await sql
        .raw(
          `create table guest_bookings (
            ${id},
            company_id integer not null references companies (id) on delete cascade,
            idempotency_key text not null,
            first_name text not null,
            last_name text not null,
            email text not null,
            phone text not null,
            booking_id integer,
            cancel_token_hash text,
            created_at text not null,
            confirmed_at text,
            constraint guest_bookings_key unique (company_id, idempotency_key),
            constraint guest_bookings_cancel_token unique (cancel_token_hash),
            constraint guest_bookings_booking_id_tenant foreign key (company_id, booking_id) references bookings (company_id, id) on delete cascade
          )`,
        )
        .execute(db);
      // The minute job's look for bookings paid but not confirmed.
      await sql`create index guest_bookings_unconfirmed on guest_bookings (confirmed_at, created_at)`.execute(db);
    },
  };
}

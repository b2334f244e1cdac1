import { sql, type Kysely } from 'kysely';

/**
 * One open row where a family may have only one (decision 141): a child waits for a class once, an
 * address has one unanswered invitation to a family, a family has one calendar link that works.
 * The database keeps it when the same request arrives twice at once. Rows that broke it before are
 * closed first: of a child's waitlist places the offer is kept, else the earliest (it holds the
 * position); the newest invitation and calendar link (the last ones mailed or shown).
 */
export function oneOpenRow() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      // The row kept is the offer where there is one (its family was told of it), else the earliest (it holds the place in line).
      const now = new Date().toISOString();
      await sql`update waitlist_entries set status = 'left', closed_at = ${now}
        where status in ('waiting', 'offered') and exists (
          select 1 from waitlist_entries w where w.company_id = waitlist_entries.company_id and w.class_id = waitlist_entries.class_id
            and w.student_id = waitlist_entries.student_id and w.status in ('waiting', 'offered') and w.id <> waitlist_entries.id
            and (case when w.status = 'offered' then 0 else 1 end, w.id) < (case when waitlist_entries.status = 'offered' then 0 else 1 end, waitlist_entries.id))`.execute(db);
      await sql`create unique index waitlist_entries_open on waitlist_entries (company_id, class_id, student_id) where status in ('waiting', 'offered')`.execute(db);

      await sql`delete from guardian_invitations
        where accepted_at is null and exists (
          select 1 from guardian_invitations g where g.company_id = guardian_invitations.company_id and g.client_id = guardian_invitations.client_id
            and g.email = guardian_invitations.email and g.accepted_at is null and g.id > guardian_invitations.id)`.execute(db);
      await sql`create unique index guardian_invitations_open on guardian_invitations (company_id, client_id, email) where accepted_at is null`.execute(db);

      await sql`update calendar_feeds set revoked_at = ${now}
        where revoked_at is null and exists (
          select 1 from calendar_feeds f where f.company_id = calendar_feeds.company_id and f.client_id = calendar_feeds.client_id
            and f.revoked_at is null and f.id > calendar_feeds.id)`.execute(db);
      await sql`create unique index calendar_feeds_open on calendar_feeds (company_id, client_id) where revoked_at is null`.execute(db);
    },
  };
}

import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Barcodes name their symbology and, when they belong to a student, the student (a composite key,
 * so a barcode can never point at another company's student). Class-session links are stored by
 * the hash of their token with an expiry. A solved captcha challenge is recorded until it expires,
 * so each one is accepted once.
 */
export function barcodesContactSessionLinks(engine: Engine) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      const run = (text: string) => sql.raw(text).execute(db);
      const serial = engine === 'postgres' ? 'serial primary key' : 'integer primary key autoincrement';

      if (engine === 'postgres') {
        await run(`alter table barcodes add column symbology text not null default 'code128'`);
        await run('alter table barcodes add column student_id integer');
        await run(
          'alter table barcodes add constraint barcodes_student_id_tenant foreign key (company_id, student_id) references students (company_id, id) on delete cascade',
        );
      } else {
        // SQLite cannot add a table constraint: the table is made again with it. Nothing references
        // barcodes, so dropping the old table cascades nowhere.
        await run('begin immediate');
        try {
          await run(`create table barcodes__new (
            id integer primary key autoincrement,
            company_id integer not null references companies (id) on delete cascade,
            client_id integer not null references clients (id) on delete cascade,
            code text not null,
            label text not null,
            symbology text not null default 'code128',
            student_id integer,
            constraint barcodes_client_id_tenant foreign key (company_id, client_id) references clients (company_id, id) on delete cascade,
            constraint barcodes_student_id_tenant foreign key (company_id, student_id) references students (company_id, id) on delete cascade
          )`);
          await run('insert into barcodes__new (id, company_id, client_id, code, label) select id, company_id, client_id, code, label from barcodes');
          await run('drop table barcodes');
          await run('alter table barcodes__new rename to barcodes');
          await run('create index barcodes_client on barcodes (company_id, client_id)');
          await run('commit');
        } catch (err) {
          await run('rollback');
          throw err;
        }
      }
      await run('create index barcodes_student on barcodes (company_id, student_id)');

      await run(`create table class_session_links (
        id ${serial},
        company_id integer not null references companies (id) on delete cascade,
        token_hash text not null unique,
        class_id integer not null,
        from_date text not null,
        to_date text not null,
        created_at text not null,
        expires_at text not null,
        constraint class_session_links_class_id_tenant foreign key (company_id, class_id) references classes (company_id, id) on delete cascade
      )`);
      await run('create index class_session_links_expiry on class_session_links (expires_at)');

      await run(`create table captcha_solutions (
        id ${serial},
        company_id integer not null references companies (id) on delete cascade,
        challenge_hash text not null unique,
        expires_at text not null
      )`);
      await run('create index captcha_solutions_expiry on captcha_solutions (expires_at)');
    },
  };
}

// The background writer of `npm run bench`: while each row is measured it makes changes at a
// steady rate, as the portal's other users and its back office do.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { BenchSession } from './bench-customers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const SQLite = require('better-sqlite3');
const pg = require('pg');

/**
 * Straight database writes, as an import or a back office makes them; `all` and `run` take SQL
 * with `?` placeholders on either engine.
 */
export function databaseWriter(databaseUrl) {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new SQLite(databaseUrl.slice('sqlite:'.length));
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    const insertNotification = db.prepare(`insert into notifications (company_id, title, content, category, tag_data, created_at) values (?, ?, ?, 'news', null, ?)`);
    const insertContact = db.prepare(`insert into notification_contacts (company_id, notification_id, client_id, status, created_at, read_at) values (?, ?, ?, 'New', ?, null)`);
    const insertMessage = db.prepare(`insert into messages (company_id, client_id, title, body, published_at) values (?, ?, ?, ?, ?)`);
    const companyOf = db.prepare('select company_id from clients where id = ?');
    return {
      async notify(clientId, title) {
        const now = new Date().toISOString();
        const { company_id } = companyOf.get(clientId);
        const n = insertNotification.run(company_id, title, 'Written while the bench runs.', now);
        insertContact.run(company_id, n.lastInsertRowid, clientId, now);
      },
      async message(clientId, title) {
        const { company_id } = companyOf.get(clientId);
        return Number(insertMessage.run(company_id, clientId, title, 'Written while the bench runs.', new Date().toISOString()).lastInsertRowid);
      },
      all: async (sql, params = []) => db.prepare(sql).all(...params),
      async run(sql, params = []) {
        db.prepare(sql).run(...params);
      },
      async close() {
        db.close();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const numbered = (sql) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    all: async (sql, params = []) => (await pool.query(numbered(sql), params)).rows,
    async run(sql, params = []) {
      await pool.query(numbered(sql), params);
    },
    async notify(clientId, title) {
      const now = new Date().toISOString();
      await pool.query(
        `with c as (select company_id from clients where id = $1),
              n as (insert into notifications (company_id, title, content, category, tag_data, created_at)
                    select company_id, $2, 'Written while the bench runs.', 'news', null, $3 from c returning id, company_id)
         insert into notification_contacts (company_id, notification_id, client_id, status, created_at, read_at)
         select company_id, id, $1, 'New', $3, null from n`,
        [clientId, title, now],
      );
    },
    async message(clientId, title) {
      const { rows } = await pool.query(
        `insert into messages (company_id, client_id, title, body, published_at)
         select company_id, $1, $2, 'Written while the bench runs.', $3 from clients where id = $1 returning id`,
        [clientId, title, new Date().toISOString()],
      );
      return rows[0].id;
    },
    close: () => pool.end(),
  };
}

/**
 * Writes at a steady rate while a measurement runs: of every ten, three new notifications, two
 * new messages, two mark-all-read and one message read by customers who are polling, and a
 * sign-in and a sign-out of another customer. `store` is a databaseWriter on the server's database.
 */
export function startWriter({ base, store, customers: all, churn, writesPerSecond }) {
  const customers = all.filter((c) => c.notifications);
  const readers = all.filter((c) => c.messages);
  let n = 0;
  let failures = 0;
  const lastMessage = new Map();
  let signedIn = [];
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const ops = [
    async () => store.notify(pick(customers).clientId, `Bench notice ${n}`),
    async () => store.notify(pick(customers).clientId, `Bench notice ${n}`),
    async () => store.notify(pick(customers).clientId, `Bench notice ${n}`),
    async () => {
      const c = pick(readers);
      lastMessage.set(c, await store.message(c.clientId, `Bench message ${n}`));
    },
    async () => {
      const c = pick(readers);
      lastMessage.set(c, await store.message(c.clientId, `Bench message ${n}`));
    },
    async () => pick(customers).call('POST', '/api/notification/mark-all-read'),
    async () => pick(customers).call('POST', '/api/notification/mark-all-read'),
    async () => {
      const [c, id] = pick([...lastMessage]) ?? [];
      if (!c) return;
      lastMessage.delete(c);
      await c.call('POST', '/api/messages/mark-read', { message_id: id });
    },
    async () => {
      signedIn.push(await new BenchSession(base).signIn(pick(churn)));
    },
    async () => {
      const s = signedIn.shift();
      if (s) await s.call('POST', '/api/customer/logout');
    },
  ];
  // On schedule, not on a fixed interval: a timer late under load catches up instead of writing less.
  const started = performance.now();
  const pending = new Set();
  const timer = setInterval(() => {
    while (n < ((performance.now() - started) / 1000) * writesPerSecond) {
      const op = ops[n++ % ops.length]().catch((err) => {
        failures++;
        if (failures <= 3) console.warn(`writer: ${err.message}`);
      });
      pending.add(op);
      void op.finally(() => pending.delete(op));
    }
  }, 10);
  return {
    async stop() {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(pending);
      await Promise.all(signedIn.map((s) => s.call('POST', '/api/customer/logout').catch(() => {})));
      signedIn = [];
      return { rate: n / seconds, failures };
    },
  };
}

import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { companySettingsSchema } from '@portal/shared/company-config';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-db.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { DEMO_PASSWORD, demoBundles } from '../../seed/demo-bundles.ts';
import { BundleValidationError } from './bundle-issues.ts';
import { importCompanyBundle } from './import.service.ts';
import type * as Repository from './import.repository.ts';

// Lets one test make a late insert fail, to prove the whole import is one transaction.
const failure = vi.hoisted(() => ({ table: undefined as string | undefined }));
vi.mock('./import.repository.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Repository>();
  return {
    ...real,
    insertRows: (async (db, table, rows) => {
      if (table === failure.table) throw new Error(`simulated failure writing ${table}`);
      return real.insertRows(db, table, rows);
    }) as typeof real.insertRows,
  };
});

const EXAMPLE_FILE = new URL('../../../../../docs/examples/company-bundle.example.json', import.meta.url);
// Tests break the example in arbitrary places; typing every path would say nothing useful.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const loadExample = (): Json => JSON.parse(fs.readFileSync(EXAMPLE_FILE, 'utf8'));

/** A Tuesday, so weekly dates are predictable. */
const TODAY = '2026-03-10';

const TABLES: (keyof Database)[] = [
  'companies',
  'list_items',
  'venues',
  'lesson_formats',
  'logins',
  'clients',
  'students',
  'classes',
  'class_sessions',
  'enrolments',
  'invoices',
  'notifications',
  'notification_contacts',
  'messages',
  'message_reads',
  'agreements',
  'agreement_versions',
  'agreement_signatures',
  'sign_in_actions',
  'barcodes',
];

async function countRows(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

const empty = Object.fromEntries(TABLES.map((t) => [t, 0]));

/** Runs the import and answers the issues it was refused with. */
async function refusal(db: Db, bundle: unknown): Promise<{ path: string; message: string }[]> {
  try {
    await importCompanyBundle(db, bundle, { today: TODAY });
  } catch (error) {
    if (error instanceof BundleValidationError) return error.issues;
    throw error;
  }
  throw new Error('the bundle was accepted');
}

describe.each(testEngines())('company bundle import on %s', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(engine);
  });
  afterEach(async () => {
    failure.table = undefined;
    await t.drop();
  });

  it('imports the documented example with every row, relative dates resolved', async () => {
    const { companyId, code } = await importCompanyBundle(t.db, loadExample(), { today: TODAY });
    expect(code).toBe('HARBOUR');
    expect(await countRows(t.db)).toEqual({
      ...empty,
      companies: 1,
      list_items: 6,
      venues: 1,
      lesson_formats: 1,
      logins: 1,
      clients: 1,
      students: 1,
      classes: 2,
      class_sessions: 13,
      enrolments: 1,
      invoices: 2,
      notifications: 2,
      notification_contacts: 2,
      messages: 1,
      agreements: 1,
      agreement_versions: 2,
      agreement_signatures: 1,
      barcodes: 1,
    });

    const company = await t.db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ customer_id: 5005, company_details_id: 5005, trading_name: 'Harbour Swim Club', application: 'CustomerHub' });
    const settings = companySettingsSchema.parse(JSON.parse(company.settings));
    expect(settings.switches).toMatchObject({ CustomerPortalActive: true, EnableMessages: true, ShowFinancialsTab: true });
    expect(settings.localization).toMatchObject({ TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney', CourtLabel: 'Lane' });

    const login = await t.db.selectFrom('logins').selectAll().executeTakeFirstOrThrow();
    expect(login).toMatchObject({ company_id: companyId, email: 'jo@example.com' });
    expect(login.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(login.password_hash, 'Harbour#2026')).toBe(true);
    expect(await verifyPassword(login.password_hash, 'harbour#2026')).toBe(false);

    const invoices = await t.db.selectFrom('invoices').selectAll().orderBy('invoice_no').execute();
    expect(invoices.map((i) => [i.invoice_no, i.invoice_date, i.payment_date, i.total_cents, i.balance_due_cents, i.status])).toEqual([
      ['H-1001', '2026-02-18', '2026-03-04', 18000, 0, 'Paid'],
      ['H-1002', '2026-03-08', '2026-03-22', 18000, 18000, 'Unpaid'],
    ]);

    const sessions = await t.db.selectFrom('class_sessions as s').innerJoin('classes as c', 'c.id', 's.class_id').select(['c.name', 's.date', 's.start_time', 's.status']).orderBy('s.date').execute();
    const saturday = sessions.filter((s) => s.name.startsWith('Beginner'));
    expect(saturday.map((s) => s.date)).toEqual(['2026-02-28', '2026-03-07', '2026-03-14', '2026-03-21', '2026-03-28', '2026-04-04', '2026-04-11', '2026-04-18', '2026-04-25', '2026-05-02']);
    expect(saturday.filter((s) => s.status === 'cancelled').map((s) => s.date)).toEqual(['2026-04-04']);
    expect(sessions.filter((s) => s.name === 'Holiday intensive').map((s) => [s.date, s.start_time, s.status])).toEqual([
      ['2026-04-09', '10:00', 'scheduled'],
      ['2026-04-10', '10:00', 'scheduled'],
      ['2026-04-11', '10:00', 'cancelled'],
    ]);
    const holiday = await t.db.selectFrom('classes').selectAll().where('name', '=', 'Holiday intensive').executeTakeFirstOrThrow();
    expect(holiday).toMatchObject({ duration_minutes: 45, lesson_format_id: null, capacity: 8, court: '' });

    const enrolment = await t.db.selectFrom('enrolments').selectAll().executeTakeFirstOrThrow();
    expect(enrolment).toMatchObject({ start_date: '2026-02-24', end_date: null, status: 'active' });

    const notes = await t.db
      .selectFrom('notification_contacts as nc')
      .innerJoin('notifications as n', 'n.id', 'nc.notification_id')
      .select(['n.title', 'n.created_at', 'n.tag_data', 'nc.status', 'nc.read_at', 'nc.company_id'])
      .orderBy('n.created_at')
      .execute();
    expect(notes).toEqual([
      { title: 'Welcome to the Customer Hub', created_at: '2026-01-05T08:00:00.000Z', tag_data: null, status: 'Read', read_at: '2026-01-05T08:00:00.000Z', company_id: companyId },
      {
        title: 'Invoice H-1002 issued',
        created_at: '2026-03-07T22:30:00.000Z',
        tag_data: JSON.stringify({ kind: 'invoice', invoice_no: 'H-1002' }),
        status: 'New',
        read_at: null,
        company_id: companyId,
      },
    ]);

    const message = await t.db.selectFrom('messages').selectAll().executeTakeFirstOrThrow();
    expect(message).toMatchObject({ client_id: null, published_at: '2026-03-08T21:00:00.000Z' });

    const lists = await t.db.selectFrom('list_items').select(['list_name', 'display_name', 'active', 'sort_order']).orderBy('list_name').orderBy('sort_order').execute();
    expect(lists).toContainEqual({ list_name: 'referral_sources', display_name: 'Flyer', active: 0, sort_order: 1 });

    const agreement = await t.db.selectFrom('agreements').selectAll().executeTakeFirstOrThrow();
    expect(agreement).toMatchObject({ requires_signature: 0, required: 1, active: 1, version: 2 });
    const versions = await t.db.selectFrom('agreement_versions').select(['version', 'text', 'text_sha256']).orderBy('version').execute();
    expect(versions.map((v) => [v.version, v.text])).toEqual([
      [1, 'Lessons are paid per term in advance.'],
      [2, agreement.text],
    ]);
    expect(versions[1]?.text_sha256).toBe(agreement.text_sha256);
    const signed = await t.db.selectFrom('agreement_signatures').selectAll().executeTakeFirstOrThrow();
    expect(signed).toMatchObject({ agreement_id: agreement.id, version: 2, text_sha256: agreement.text_sha256, signature: null });

    // Every tenant row carries the company.
    for (const table of TABLES.filter((x) => x !== 'companies')) {
      const other = await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(sql.ref('company_id'), '!=', companyId)
        .executeTakeFirstOrThrow();
      expect(Number(other.n), table).toBe(0);
    }
  });

  it('saved cards: the simulated gateway tokenises the named test card for the client; no number is kept anywhere', async () => {
    const bundle = loadExample();
    bundle.company.config.fin_setup = { ...bundle.company.config.fin_setup, PaymentType: 'CreditCardPayments', PaymentGatewayEnabled: true, PaymentGatewayProvider: 'simulated' };
    bundle.payments = { saved_cards: [{ client: 'jo', card: 'mastercard', exp_month: 8, exp_year: 2029 }] };
    const { companyId } = await importCompanyBundle(t.db, bundle, { today: TODAY });
    const client = await t.db.selectFrom('clients').select('id').where('company_id', '=', companyId).executeTakeFirstOrThrow();
    const method = await t.db.selectFrom('payment_methods').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
    expect(method).toMatchObject({ client_id: client.id, kind: 'card', card_brand: 'Mastercard', card_last4: '4444', card_exp_month: 8, card_exp_year: 2029 });
    const card = await t.db.selectFrom('gateway_cards').selectAll().where('token', '=', method.gateway_token).executeTakeFirstOrThrow();
    expect(card).toMatchObject({ company_id: companyId, client_id: client.id, last4: '4444', behaviour: 'success' });
    expect(JSON.stringify([method, card])).not.toContain('5555555555554444');
  });

  it('saved cards are refused for an unknown client, a second card, an expired card, or a company that keeps no cards at the simulator; nothing is written', async () => {
    const withCards = (cards: unknown[], finSetup: Record<string, unknown> = { PaymentType: 'CreditCardPayments' }) => {
      const bundle = loadExample();
      bundle.company.config.fin_setup = { ...bundle.company.config.fin_setup, ...finSetup };
      bundle.payments = { saved_cards: cards };
      return bundle;
    };
    const visa = { client: 'jo', card: 'visa', exp_month: 12, exp_year: 2030 };
    expect(await refusal(t.db, withCards([{ ...visa, client: 'nobody' }]))).toEqual([{ path: 'payments.saved_cards.0.client', message: 'Unknown client "nobody"' }]);
    expect(await refusal(t.db, withCards([visa, visa]))).toEqual([{ path: 'payments.saved_cards.1.client', message: 'Client "jo" has a saved card already' }]);
    expect((await refusal(t.db, withCards([{ ...visa, card: 'amex' }])))[0]?.path).toBe('payments.saved_cards.0.card');
    expect(await refusal(t.db, withCards([{ ...visa, exp_month: 2, exp_year: 2026 }]))).toEqual([{ path: 'payments.saved_cards.0', message: 'The card has expired' }]);
    expect(await refusal(t.db, withCards([visa], { PaymentType: 'DirectDebitDetails' }))).toEqual([
      { path: 'payments.saved_cards', message: 'Payment type DirectDebitDetails keeps no cards on file' },
    ]);
    expect(await countRows(t.db)).toEqual(empty);
    // The card of this month is still good.
    await importCompanyBundle(t.db, withCards([{ ...visa, exp_month: 3, exp_year: 2026 }]), { today: TODAY });
    expect(await t.db.selectFrom('payment_methods').select('card_last4').execute()).toEqual([{ card_last4: '4242' }]);
  });

  it('seeds the demo companies once, with the data the demo walkthrough relies on', async () => {
    const started = performance.now();
    expect(await seedDemoData(t.db, { today: TODAY })).toBe(true);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(5_000);
    expect(await seedDemoData(t.db, { today: TODAY })).toBe(false);

    const companies = await t.db.selectFrom('companies').select(['id', 'code', 'customer_id', 'settings']).orderBy('id').execute();
    expect(companies.map((c) => [c.code, c.customer_id])).toEqual([
      ['SPLASH', 1001],
      ['ACE', 2002],
      ['THAMES', 3003],
      ['CLOSED', 4004],
    ]);
    const settings = Object.fromEntries(companies.map((c) => [c.code, companySettingsSchema.parse(JSON.parse(c.settings))]));
    expect(Object.values(settings.SPLASH!.switches).every(Boolean)).toBe(true);
    expect(settings.SPLASH!.global_settings.logoImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(settings.SPLASH!.global_settings.logoImage!.split(',')[1]!, 'base64').toString()).toContain('Splash');
    expect(settings.ACE!.global_settings).toMatchObject({ UseLogoImage: false, AlternateCompanyName: 'Ace Tennis', Font: 'monsterrat' });
    expect(settings.ACE!.CompanyLogo).toBeNull();
    expect(settings.THAMES!.localization).toMatchObject({ CurrencySymbol: '£', TimeZoneRegion: 'Europe', TimeZoneCity: 'London' });
    expect(settings.THAMES!.switches.CanTakeNewSignUps).toBe(false);
    expect(settings.CLOSED!.switches.CustomerPortalActive).toBe(false);

    const splashId = companies[0]!.id;
    const sarah = await t.db
      .selectFrom('clients as c')
      .innerJoin('logins as l', 'l.id', 'c.login_id')
      .select(['c.id', 'l.password_hash'])
      .where('c.company_id', '=', splashId)
      .where('l.email', '=', 'parent@example.com')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(sarah.password_hash, DEMO_PASSWORD)).toBe(true);
    // A saved Visa to pay with and to see under billing details (decision 069); her only one at Splash.
    const cards = await t.db.selectFrom('payment_methods').select(['client_id', 'kind', 'card_brand', 'card_last4', 'card_exp_year']).where('company_id', '=', splashId).execute();
    expect(cards).toEqual([{ client_id: sarah.id, kind: 'card', card_brand: 'Visa', card_last4: '4242', card_exp_year: new Date().getFullYear() + 3 }]);

    const contacts = await t.db.selectFrom('notification_contacts').select(['status']).where('company_id', '=', splashId).where('client_id', '=', sarah.id).execute();
    expect(contacts).toHaveLength(22);
    expect(contacts.filter((c) => c.status === 'New')).toHaveLength(4);

    const upcoming = await t.db
      .selectFrom('class_sessions as cs')
      .innerJoin('enrolments as e', (j) => j.onRef('e.class_id', '=', 'cs.class_id').onRef('e.start_date', '<=', 'cs.date'))
      .innerJoin('students as s', 's.id', 'e.student_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.client_id', '=', sarah.id)
      .where('cs.status', '=', 'scheduled')
      .where('cs.date', '>', TODAY)
      .where((eb) => eb.or([eb('e.end_date', 'is', null), eb('e.end_date', '>=', eb.ref('cs.date'))]))
      .executeTakeFirstOrThrow();
    expect(Number(upcoming.n)).toBeGreaterThanOrEqual(13);
    const cancelled = await t.db.selectFrom('class_sessions').select(['date']).where('company_id', '=', splashId).where('status', '=', 'cancelled').execute();
    expect(cancelled.map((c) => c.date)).toEqual(['2026-03-17']);

    const invoices = await t.db.selectFrom('invoices').select(['status']).where('client_id', '=', sarah.id).execute();
    expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['Scheduled', 'Debit Scheduled', 'Paid', 'Unpaid', 'Overdue']));
    expect(invoices.filter((i) => i.status !== 'Paid').length).toBeGreaterThanOrEqual(8);

    const messages = await t.db
      .selectFrom('messages as m')
      .leftJoin('message_reads as r', (j) => j.onRef('r.message_id', '=', 'm.id').on('r.client_id', '=', sarah.id))
      .select(['m.id', 'r.id as read_id'])
      .where('m.company_id', '=', splashId)
      .where((eb) => eb.or([eb('m.client_id', 'is', null), eb('m.client_id', '=', sarah.id)]))
      .execute();
    expect(messages).toHaveLength(6);
    expect(messages.filter((m) => m.read_id === null)).toHaveLength(3);

    const parentLogins = await t.db.selectFrom('logins').select('company_id').where('email', '=', 'parent@example.com').orderBy('company_id').execute();
    expect(parentLogins.map((l) => l.company_id)).toEqual([companies[0]!.id, companies[1]!.id]);
    const family = await t.db
      .selectFrom('clients as c')
      .innerJoin('logins as l', 'l.id', 'c.login_id')
      .select(['c.first_name', 'c.last_name'])
      .where('l.email', '=', 'family@example.com')
      .orderBy('c.id')
      .execute();
    expect(family).toEqual([
      { first_name: 'James', last_name: 'Carter' },
      { first_name: 'Olivia', last_name: 'Carter – Business account' },
    ]);
    const actions = await t.db
      .selectFrom('sign_in_actions as a')
      .innerJoin('clients as c', 'c.id', 'a.client_id')
      .innerJoin('logins as l', 'l.id', 'c.login_id')
      .leftJoin('agreements as g', 'g.id', 'a.agreement_id')
      .select(['a.type', 'g.name'])
      .where('l.email', '=', 'new@example.com')
      .orderBy('a.id')
      .execute();
    expect(actions).toEqual([
      { type: 'UpdateProfile', name: null },
      { type: 'UpdateStudent', name: null },
      { type: 'ChangePassword', name: null },
    ]);
  });

  it('refuses a bundle with broken references and values, listing every path, and writes nothing', async () => {
    const bundle = loadExample();
    bundle.classes[0].enrolments[0].student = 'jo/nobody';
    bundle.company.config.colors['500'] = 'blue';
    bundle.customers[0].clients[0].invoices[1].invoice_no = 'H-1001';
    bundle.company.config.localization.TimeZoneCity = 'Atlantis';
    bundle.customers[0].clients[0].students[0].dob = '2018-02-30';
    bundle.classes[0].venue = 'moon';
    bundle.notifications[0].to = ['jo', 'ghost'];
    bundle.customers[0].clients[0].agreements_signed[0].agreement = 'privacy';
    bundle.classes[1].sessions.weeks_after = 2;
    bundle.messages[0].colour = 'red';
    const issues = await refusal(t.db, bundle);
    expect(issues.map((i) => i.path).sort()).toEqual(
      [
        'classes.0.enrolments.0.student',
        'company.config.colors.500',
        'customers.0.clients.0.invoices.1.invoice_no',
        'company.config.localization.TimeZoneCity',
        'customers.0.clients.0.students.0.dob',
        'classes.0.venue',
        'notifications.0.to.1',
        'customers.0.clients.0.agreements_signed.0.agreement',
        'classes.1.sessions.dates',
        'messages.0.colour',
      ].sort(),
    );
    expect(issues).toContainEqual({ path: 'classes.0.enrolments.0.student', message: 'Unknown student "jo/nobody"' });
    expect(issues).toContainEqual({ path: 'customers.0.clients.0.invoices.1.invoice_no', message: 'Duplicate invoice number "H-1001"' });
    expect(issues).toContainEqual({ path: 'messages.0.colour', message: 'Unknown field' });
    expect(await countRows(t.db)).toEqual(empty);
  });

  it.each([
    ['an unknown student key in an enrolment', (b: Json) => (b.classes[0].enrolments[0].student = 'tom'), 'classes.0.enrolments.0.student'],
    ['a bad colour', (b: Json) => (b.company.config.colors['950'] = '#12345'), 'company.config.colors.950'],
    ['a duplicate invoice number', (b: Json) => (b.customers[0].clients[0].invoices[1].invoice_no = 'H-1001'), 'customers.0.clients.0.invoices.1.invoice_no'],
    ['an invalid time zone', (b: Json) => (b.company.config.localization.TimeZoneRegion = 'Mars'), 'company.config.localization.TimeZoneCity'],
    ['a duplicate e-mail', (b: Json) => b.customers.push({ ...b.customers[0], email: 'JO@example.com', clients: [{ key: 'jo2', first_name: 'J', last_name: 'B' }] }), 'customers.1.email'],
    ['a weak plain password', (b: Json) => (b.customers[0].password = 'password'), 'customers.0.password'],
    ['a cancelled date that is not a session', (b: Json) => (b.classes[1].cancelled = ['today+33']), 'classes.1.cancelled.0'],
    ['an end before the start', (b: Json) => (b.classes[0].enrolments[0].end_date = 'today-20'), 'classes.0.enrolments.0.end_date'],
    ['a lower-case company code', (b: Json) => (b.company.code = 'harbour'), 'company.code'],
  ])('refuses %s with its path and writes nothing', async (_name, mutate, path) => {
    const bundle = loadExample();
    mutate(bundle);
    const issues = await refusal(t.db, bundle);
    expect(issues.map((i) => i.path)).toEqual([path]);
    expect(await countRows(t.db)).toEqual(empty);
  });

  it('refuses a company whose invoices and receipts share one number prefix, naming both settings, and writes nothing', async () => {
    const both = loadExample();
    both.company.config.fin_setup = { InvoiceNumberPrefix: 'HB-', ReceiptNumberPrefix: 'HB-' };
    expect(await refusal(t.db, both)).toEqual([
      { path: 'company.config.fin_setup.ReceiptNumberPrefix', message: 'InvoiceNumberPrefix and ReceiptNumberPrefix are both "HB-": invoices and receipts need different prefixes' },
    ]);
    expect(await countRows(t.db)).toEqual(empty);
    // The invoice prefix left to its default ("INV-") is the same as a receipt prefix set to it.
    const unset = loadExample();
    unset.company.config.fin_setup = { ReceiptNumberPrefix: 'INV-' };
    expect(await refusal(t.db, unset)).toEqual([
      { path: 'company.config.fin_setup.ReceiptNumberPrefix', message: 'InvoiceNumberPrefix and ReceiptNumberPrefix are both "INV-": invoices and receipts need different prefixes' },
    ]);
    expect(await countRows(t.db)).toEqual(empty);
  });

  it('refuses a list naming an active item twice but for case, and imports one whose repeat is inactive (decision 131)', async () => {
    const twice = loadExample();
    twice.lists.medical_conditions.push({ name: 'ASTHMA' });
    expect(await refusal(t.db, twice)).toEqual([{ path: 'lists.medical_conditions.2.name', message: 'Duplicate medical_conditions entry "ASTHMA" (named as "Asthma" but for case)' }]);
    expect(await countRows(t.db)).toEqual(empty);

    const retired = loadExample();
    retired.lists.medical_conditions.push({ name: 'ASTHMA', active: false });
    const { companyId } = await importCompanyBundle(t.db, retired, { today: TODAY });
    const items = await t.db
      .selectFrom('list_items')
      .select(['display_name', 'active'])
      .where('company_id', '=', companyId)
      .where('list_name', '=', 'medical_conditions')
      .orderBy('sort_order')
      .execute();
    expect(items).toEqual([
      { display_name: 'Asthma', active: 1 },
      { display_name: 'Anaphylaxis', active: 1 },
      { display_name: 'ASTHMA', active: 0 },
    ]);
  });

  it('refuses a company whose code or customer_id already exists, leaving the first untouched', async () => {
    await importCompanyBundle(t.db, loadExample(), { today: TODAY });
    const before = await countRows(t.db);

    const sameCode = loadExample();
    sameCode.company.customer_id = 5006;
    expect(await refusal(t.db, sameCode)).toEqual([{ path: 'company.code', message: 'A company with code HARBOUR already exists' }]);

    const sameCustomer = loadExample();
    sameCustomer.company.code = 'HARBOUR2';
    expect(await refusal(t.db, sameCustomer)).toEqual([{ path: 'company.customer_id', message: 'A company with customer_id 5005 already exists' }]);

    expect(await countRows(t.db)).toEqual(before);
  });

  it('rolls back every row when a late write fails', async () => {
    failure.table = 'message_reads';
    const bundle = loadExample();
    bundle.messages[0].read_by = ['jo'];
    await expect(importCompanyBundle(t.db, bundle, { today: TODAY })).rejects.toThrow('simulated failure writing message_reads');
    expect(await countRows(t.db)).toEqual(empty);
    failure.table = undefined;
    await importCompanyBundle(t.db, bundle, { today: TODAY });
    expect((await countRows(t.db)).message_reads).toBe(1);
  });

  it('imports the bundle written out in docs/company-bundle.md', async () => {
    const doc = fs.readFileSync(new URL('../../../../../docs/company-bundle.md', import.meta.url), 'utf8');
    // The whole bundle is the one block with a company; the others show one section each.
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>).filter((b) => 'company' in b);
    expect(blocks).toHaveLength(1);
    const { code } = await importCompanyBundle(t.db, blocks[0], { today: TODAY });
    expect(code).toBe('TINY');
    expect((await countRows(t.db)).class_sessions).toBe(6);
  });

  it('imports every demo bundle on its own too (they are valid bundles)', async () => {
    for (const bundle of demoBundles()) await importCompanyBundle(t.db, bundle, { today: TODAY });
    expect((await countRows(t.db)).companies).toBe(4);
  });
});

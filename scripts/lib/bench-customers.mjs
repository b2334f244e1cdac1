// The people of `npm run bench`: the demo companies imported through the bundle importer, each
// with its share of generated customers who sign in for the measurement, and a few more per
// company whom the background writer signs in and out while it runs.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { checkoutCustomers } from './bench-checkouts.mjs';
import { withBenchClasses } from './bench-classes.mjs';
import { invoiceHeavyCustomer } from './bench-invoices.mjs';
import { PortalSession } from './portal-session.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argon2 = createRequire(path.join(root, 'apps/server/package.json'))('@node-rs/argon2');

const PASSWORD = 'Bench#2026-pass';
const CHURN_PER_COMPANY = 20;

/**
 * Passwords are hashed once, not per customer: the 1,200 who sign in for the measurement with a
 * light argon2id (so signing them all in takes seconds); the ones the writer signs in and out
 * during the measurement at the production cost (lib/passwords.ts), as a real sign-in costs.
 */
export async function hashPasswords() {
  return {
    light: await argon2.hash(PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1, algorithm: 2 }),
    production: await argon2.hash(PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 }),
  };
}

/** A browser's cookies for one generated customer. */
export class BenchSession extends PortalSession {
  async signIn({ code, email, ...areas }) {
    Object.assign(this, areas);
    const user = await super.signIn({ code, email, password: PASSWORD });
    this.clientId = user.ClientID;
    return this;
  }
}

const RECORD_FIELDS = [
  'phone_mobile',
  'address1',
  'suburb',
  'state',
  'postcode',
  'gender',
  'gender_other',
  'phone_home',
  'phone_work',
  'phone_mobile2',
  'email2',
  'fax',
  'address2',
  'billing_same_as_address',
  'billing_address1',
  'billing_address2',
  'billing_suburb',
  'billing_state',
  'billing_postcode',
  'custom_fields',
];
function completeRecord(bundle) {
  const established = (bundle.customers ?? []).find((c) => !c.email.startsWith('new@'))?.clients?.[0] ?? {};
  return Object.fromEntries(RECORD_FIELDS.filter((f) => established[f] !== undefined).map((f) => [f, established[f]]));
}

let demo;

/** The bundles to import: the demo companies (those with the portal on), `customerCount` generated customers spread across them. */
export async function benchBundles(customerCount, hashes) {
  demo ??= tsImport('../../apps/server/src/seed/demo-bundles.ts', import.meta.url);
  const { demoBundles } = await demo;
  const bundles = demoBundles().filter((b) => b.company.config.switches?.CustomerPortalActive !== false);
  return bundles.map((bundle, ci) => {
    const code = bundle.company.code;
    const share = Math.floor(customerCount / bundles.length) + (ci < customerCount % bundles.length ? 1 : 0);
    // Every required agreement accepted, as the demo's own customers have: a customer with
    // sign-in actions pending may call nothing else.
    const required = (bundle.agreements ?? []).filter((a) => a.required !== false && a.active !== false).map((a) => a.key);
    const agreements_signed = required.map((agreement) => ({ agreement, signed_at: 'today-90T10:00' }));
    // The record of an established demo family (every field the company's form makes mandatory
    // filled in), or the sign-in would queue an UpdateProfile action.
    const record = completeRecord(bundle);
    const customer = (i, kind, hash) => ({
      email: `${kind}${i}.${code.toLowerCase()}@bench.example`,
      password_hash: hash,
      clients: [{ ...record, key: `${kind}${i}`, first_name: `Bench${i}`, last_name: code, agreements_signed }],
    });
    const rotating = Array.from({ length: share }, (_, i) => customer(i, 'c', hashes.light));
    const churn = Array.from({ length: CHURN_PER_COMPANY }, (_, i) => customer(i, 'w', hashes.production));
    const category = 'news';
    const keys = rotating.map((c) => c.clients[0].key);
    // Twenty notifications each, three quarters of them read, and a few private messages.
    const notifications = Array.from({ length: 20 }, (_, i) => ({
      title: `Bench notice ${i + 1}`,
      content: `Notice ${i + 1} for every customer of ${code}.`,
      category,
      created_at: `today-${20 - i}T09:00`,
      to: keys,
      read_by: i < 15 ? keys : [],
    }));
    const messages = keys.slice(0, 300).map((key, i) => ({ title: `Welcome, customer ${i}`, body: 'Hello from the office.', published_at: 'today-3T10:00', to: key }));
    // The measured customers are established ones: no agreement waits for them on the sign-in
    // page, or every customer call would answer 403.
    return {
      ...withBenchClasses(bundle),
      agreements: (bundle.agreements ?? []).map((a) => ({ ...a, required: false })),
      customers: [
        ...(bundle.customers ?? []),
        ...rotating,
        ...churn,
        ...(ci === 0 ? [invoiceHeavyCustomer(code, record, agreements_signed, hashes.light)] : []),
        ...checkoutCustomers(code, (i) => customer(i, 'k', hashes.light)),
      ],
      notifications: [...(bundle.notifications ?? []), ...notifications],
      messages: [...(bundle.messages ?? []), ...messages],
    };
  });
}

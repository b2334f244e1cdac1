import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.ts';
import { demoBundles } from '../../apps/server/src/seed/demo-bundles.ts';
import { BundleValidationError, importCompanyBundle } from '../../apps/server/src/modules/import/import.api.ts';
import { databaseUrl, runTag } from './servers.ts';

/** The demo companies a test can have a copy of, under the names the demo gives them. */
export type DemoCompany = 'SPLASH' | 'ACE' | 'THAMES' | 'CLOSED';
/** The demo sign-ins, by the local part of their demo address (parent@example.com …). */
type DemoAccount = 'parent' | 'family' | 'new' | 'dancer';

interface CompanyCopy {
  /** The code typed on the landing page, unique to this copy (e.g. SPLASHK3F20). */
  code: string;
  customerId: number;
}

/**
 * Copies of demo companies imported for one owner (a worker or a test): own codes, own
 * customer ids and own e-mail addresses, so nothing another test does can reach them.
 */
export interface World {
  company(name: DemoCompany): CompanyCopy;
  email(account: DemoAccount): string;
}

type Bundle = {
  company: { code: string; customer_id: number; company_details_id?: number; config: Record<string, unknown> };
  customers?: { email: string }[];
  payments?: { saved_cards?: unknown[] };
};

let handle: DatabaseHandle | undefined;
let imports = 0;

/** The server's database, opened once per Playwright worker (the server has migrated it). */
function database(): DatabaseHandle {
  handle ??= openDatabase(databaseUrl);
  return handle;
}

export async function closeDatabase(): Promise<void> {
  await handle?.close();
  handle = undefined;
}

/**
 * Imports copies of `names` through the bundle importer, the way a real company arrives.
 * `edit` may change a bundle first (switches, lists) to give a test the company it needs.
 */
export async function importWorld(workerIndex: number, names: readonly DemoCompany[] = ['SPLASH', 'ACE', 'THAMES', 'CLOSED'], edit?: (name: DemoCompany, bundle: Bundle) => void): Promise<World> {
  const tag = `${runTag}${workerIndex.toString(36)}X${(imports++).toString(36)}`.toUpperCase();
  const email = (account: string) => `${account}.${tag.toLowerCase()}@example.com`;
  const copies = new Map<DemoCompany, CompanyCopy>();
  // A deep copy: the demo's bundles share objects (switches), and an edit must not reach the next import.
  const bundles = structuredClone(demoBundles()) as Bundle[];
  for (const bundle of bundles) {
    const name = bundle.company.code as DemoCompany;
    if (!names.includes(name)) continue;
    bundle.company.code = `${name}${tag}`;
    for (const c of bundle.customers ?? []) c.email = email(c.email.split('@')[0]!);
    // The demo's saved card (decision 069) is left out: the checkout specs enter their own test
    // cards; a spec that pays with a saved one gives it back in `edit`.
    if (bundle.payments) bundle.payments.saved_cards = [];
    edit?.(name, bundle);
    for (let attempt = 0; ; attempt++) {
      // customer_id is unique across companies; a random one collides about never, and a collision is retried.
      const customerId = 10_000_000 + Math.floor(Math.random() * 2_000_000_000);
      bundle.company.customer_id = customerId;
      bundle.company.company_details_id = customerId;
      try {
        await importCompanyBundle(database().db, bundle);
        copies.set(name, { code: bundle.company.code, customerId });
        break;
      } catch (err) {
        const collided = err instanceof BundleValidationError && err.issues.some((i) => i.path === 'company.customer_id');
        // SQLite: another worker's import holds the write lock and ours began as a reader
        // (SQLITE_BUSY, or SQLITE_BUSY_SNAPSHOT in WAL, which no busy timeout waits out); the
        // import is one transaction, so trying again is safe.
        const busy = (err as { code?: string }).code?.startsWith('SQLITE_BUSY') === true;
        if (!(collided || busy) || attempt >= 20) throw err;
        if (busy) await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  }
  return {
    company(name) {
      const copy = copies.get(name);
      if (!copy) throw new Error(`${name} was not imported for this test`);
      return copy;
    },
    email,
  };
}

/** Empties the upcoming classes, or the open invoices, or both, of a bundle about to be imported. */
export function dropClassesAndInvoices(bundle: Bundle, drop: { classes?: boolean; invoices?: boolean }): void {
  const b = bundle as Bundle & { classes?: { enrolments?: unknown[] }[]; customers?: { clients: { invoices?: unknown[] }[] }[] };
  if (drop.classes) for (const c of b.classes ?? []) c.enrolments = [];
  if (drop.invoices) {
    for (const customer of b.customers ?? []) for (const client of customer.clients) client.invoices = [];
    // The invoices' lines, receipts and the bookings sold on them go with them.
    Object.assign(b, { financials: {}, bookings: [] });
  }
}

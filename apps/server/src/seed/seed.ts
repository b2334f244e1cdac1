import type { Db } from '../db/database.ts';
import { companySettingsSchema } from '@portal/shared/company-config';
import { hasNoCompanies, importCompanyBundle, isCompanyCodeTaken, type CompanyBundleInput } from '../modules/import/import.api.ts';
import { simulatedGatewayRefusal, usesSimulatedGateway } from '../modules/payments/payments.api.ts';
import { DEMO_PASSWORD, demoBundles } from './demo-bundles.ts';

/** Sign-ins printed in the start-up banner and the README. */
export const demoSignIns = [
  { email: 'parent@example.com', password: DEMO_PASSWORD, note: 'SPLASH and ACE (asks which company); 3 swimmers, 22 notifications (4 new), open invoices, a saved Visa' },
  { email: 'family@example.com', password: DEMO_PASSWORD, note: 'SPLASH, two client accounts (asks which account)' },
  { email: 'grandma@example.com', password: DEMO_PASSWORD, note: "SPLASH, a payer with family access to parent@example.com's account: invoices and payments" },
  { email: 'new@example.com', password: DEMO_PASSWORD, note: 'SPLASH, one sign-in action of each kind: a new agreement version to sign, details, a swimmer, a new password' },
  { email: 'dancer@example.com', password: DEMO_PASSWORD, note: 'THAMES (UK, £)' },
] as const;

/**
 * Loads the demo companies (SPLASH, ACE, THAMES, CLOSED) into an empty database; a database
 * that already holds any company is left alone, so real data is never mixed with the demo.
 * Answers whether it seeded. `refuseSimulatedGateway` (production): refuses the demo, before
 * writing anything, if any of its companies would pay through the simulator (decision 054).
 */
export async function seedDemoData(db: Db, options: { today?: string; refuseSimulatedGateway?: boolean } = {}): Promise<boolean> {
  if (!(await hasNoCompanies(db))) return false;
  const bundles = demoBundles();
  if (options.refuseSimulatedGateway) {
    const companies = bundles.map((b) => (b as CompanyBundleInput).company);
    const codes = companies.filter((c) => usesSimulatedGateway(companySettingsSchema.parse(c.config))).map((c) => c.code);
    if (codes.length > 0) throw new Error(`Refusing to seed the demo: ${simulatedGatewayRefusal(codes)}; or start with SEED_DEMO=false.`);
  }
  // One after the other so company ids follow the listed order on every engine.
  for (const bundle of bundles) {
    try {
      await importCompanyBundle(db, bundle, options);
    } catch (err) {
      // Another server process started on the same empty database and is seeding it (its company
      // arrived between our check and our insert): leave the rest to that one.
      const code = (bundle as { company?: { code?: string } }).company?.code;
      if (code && (await isCompanyCodeTaken(db, code))) return false;
      throw err;
    }
  }
  return true;
}

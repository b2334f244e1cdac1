import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { companyTimeZone, localNow, nowIso } from '../../lib/time.ts';
import { companyBundleSchema } from './company-bundle.ts';
import { isBundleDate, resolveInstant } from './bundle-dates.ts';
import { BundleValidationError, toIssues, type BundleIssue } from './bundle-issues.ts';
import { configWarnings } from './config-warnings.ts';
import { importFinancials } from './bundle-financials.ts';
import { importPayments, savedCardIssues } from './bundle-payments.ts';
import { countCompanies, findCompanyConflicts } from './import.repository.ts';
import { importAgreements, importAgreementSignatures } from './import-agreements.ts';
import { importClasses, resolveClasses } from './import-classes.ts';
import { importCompany, importCompanySetup } from './import-company.ts';
import { importClientRecords, importCustomers, importGuardians } from './import-customers.ts';
import { importNotices } from './import-notices.ts';
import type { ImportScope } from './import-scope.ts';
import { importStudents, normalizeBundlePictures } from './import-students.ts';
import { simulatedGatewayRefusal, usesSimulatedGateway } from '../payments/payments.api.ts';

/**
 * Validates a company bundle and writes the whole company in one transaction: either every
 * row is written or none is. `today` (yyyy-MM-dd) pins relative dates, for tests; by default
 * it is today in the company's time zone. `refuseSimulatedGateway` (production) refuses a
 * company that would pay through the simulated gateway (decision 054).
 */
export async function importCompanyBundle(
  db: Db,
  input: unknown,
  options: { today?: string; strict?: boolean; refuseSimulatedGateway?: boolean } = {},
): Promise<{ companyId: number; code: string; warnings: BundleIssue[] }> {
  if (options.today !== undefined && (!isBundleDate(options.today) || options.today.startsWith('today'))) {
    throw new Error(`options.today must be a yyyy-MM-dd date, got ${options.today}`);
  }
  const parsed = companyBundleSchema.safeParse(input);
  if (!parsed.success) throw new BundleValidationError(toIssues(parsed.error));
  // The config schema drops what it does not know; say so, or refuse when asked to be strict.
  const warnings = configWarnings(input);
  if (options.strict && warnings.length > 0) throw new BundleValidationError(warnings);
  const bundle = parsed.data;
  const { company } = bundle;
  if (options.refuseSimulatedGateway && usesSimulatedGateway(company.config)) {
    throw new BundleValidationError([{ path: 'company.config.fin_setup', message: simulatedGatewayRefusal([company.code]) }]);
  }
  const zone = companyTimeZone(company.config.localization);
  const today = options.today ?? localNow(zone).date;
  const { classes, issues } = resolveClasses(bundle, today);
  if (issues.length > 0) throw new BundleValidationError(issues);
  const cardIssues = savedCardIssues(bundle.payments, company.config, today);
  if (cardIssues.length > 0) throw new BundleValidationError(cardIssues);
  const instant = (v: string) => resolveInstant(v, today, zone);

  // Pictures are checked and re-encoded like uploads, before the transaction like the hashing.
  const { pictures, issues: pictureIssues } = await normalizeBundlePictures(bundle);
  if (pictureIssues.length > 0) throw new BundleValidationError(pictureIssues);
  // Hashing is slow on purpose; do it before the transaction so the write lock is held briefly.
  // A customer given no password gets none that can match (an empty hash never verifies).
  const passwordHashes = await Promise.all(bundle.customers.map((c) => (c.password_hash !== undefined ? c.password_hash : c.password !== undefined ? hashPassword(c.password) : '')));
  const guardianHashes = await Promise.all(
    bundle.customers.flatMap((c) => c.clients.flatMap((client) => client.guardians.map((g) => g.password_hash ?? (g.password !== undefined ? hashPassword(g.password) : '')))),
  );

  // Each step writes on the transaction's connection, in this order: later steps name the ids earlier ones wrote.
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const companyId = await importCompany(trx, bundle, now);
    const scope: ImportScope = { companyId, now, today, instant };
    const { listId, venueIds, formatIds } = await importCompanySetup(trx, scope, bundle);
    const agreementIds = await importAgreements(trx, scope, bundle.agreements);
    const { clients, clientId } = await importCustomers(trx, scope, bundle.customers, passwordHashes);
    await importGuardians(trx, scope, { clients, clientId, guardianHashes });
    const studentIds = await importStudents(trx, scope, { clients, clientId, listId, venueIds, pictures });
    await importClientRecords(trx, scope, { clients, clientId, studentIds, agreementIds });
    await importAgreementSignatures(trx, scope, { agreements: bundle.agreements, agreementIds, clients, clientId });
    await importClasses(trx, scope, { bundle, classes, formatIds, venueIds, studentIds });
    await importNotices(trx, scope, { notifications: bundle.notifications, messages: bundle.messages, clients, clientId, studentIds });
    await importFinancials(trx, { companyId, today, financials: bundle.financials, bookings: bundle.bookings, config: company.config, clientId });
    await importPayments(trx, { companyId, today, now: nowIso(), payments: bundle.payments, clientId });

    return { companyId, code: company.code, warnings };
  });
}

/** Whether the database holds no company yet (the demo seed loads only into an empty one). */
export async function hasNoCompanies(db: Db): Promise<boolean> {
  return (await countCompanies(db)) === 0;
}

/** Whether a company with this code has been imported already. */
export async function isCompanyCodeTaken(db: Db, code: string): Promise<boolean> {
  return (await findCompanyConflicts(db, code, -1)).code;
}

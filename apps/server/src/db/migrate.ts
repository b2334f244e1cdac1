import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { foundation } from './migrations/001-foundation.ts';
import { notificationStatusIndex } from './migrations/002-notification-status-index.ts';
import { settingsVersion } from './migrations/003-settings-version.ts';
import { clientVersions } from './migrations/004-client-versions.ts';
import { dropReadCacheTriggers } from './migrations/005-drop-read-cache-triggers.ts';
import { tenantKeys } from './migrations/006-tenant-keys.ts';
import { agreementVersions } from './migrations/009-agreement-versions.ts';
import { formConfigurations } from './migrations/007-a-form-configurations.ts';
import { studentRecords } from './migrations/007-b-student-records.ts';
import { customerDetails } from './migrations/008-customer-details.ts';
import { barcodesContactSessionLinks } from './migrations/010-barcodes-contact-session-links.ts';
import { classesDomain } from './migrations/011-classes.ts';
import { classSearchKeys } from './migrations/011-d-class-search-keys.ts';
import { checkoutTables } from './migrations/012-checkout.ts';
import { bookingsFinancials } from './migrations/013-bookings-financials.ts';
import { invoiceListIndex } from './migrations/013-c-invoice-list-index.ts';
import { cardTokenOwner } from './migrations/016-card-token-owner.ts';
import { classSearchCover } from './migrations/017-class-search-cover.ts';
import { outboxLease } from './migrations/019-outbox-lease.ts';
import { emailChangeCodes } from './migrations/020-email-change-codes.ts';
import { classSessionLinkRevocation } from './migrations/020-b-class-session-link-revocation.ts';
import { agreementProfiles } from './migrations/023-agreement-profiles.ts';
import { registrations } from './migrations/024-registrations.ts';
import { registrationPayment } from './migrations/025-registration-payment.ts';
import { guestBookings } from './migrations/026-guest-bookings.ts';
import { serverSecrets } from './migrations/027-server-secrets.ts';
import { agreementSignatureOnce } from './migrations/028-agreement-signature-once.ts';
import { messageReplies } from './migrations/029-message-replies.ts';
import { guestBookingCaptcha } from './migrations/030-guest-booking-captcha.ts';
import { chargeRefunds } from './migrations/031-charge-refunds.ts';
import { deletionRequests } from './migrations/032-deletion-requests.ts';
import { activityLog } from './migrations/033-activity-log.ts';
import { waitingRooms } from './migrations/034-waiting-rooms.ts';
import { push } from './migrations/035-push.ts';
import { guardians } from './migrations/036-guardians.ts';
import { nativePush } from './migrations/037-native-push.ts';
import { guardianReads } from './migrations/038-guardian-reads.ts';
import { guardianOptOuts } from './migrations/039-guardian-opt-outs.ts';
import { processors } from './migrations/040-processors.ts';
import { directDebit } from './migrations/041-direct-debit.ts';
import { instalmentPlans } from './migrations/042-instalment-plans.ts';
import { waitingRoomAdmissions } from './migrations/043-waiting-room-admissions.ts';
import { registrationHolds } from './migrations/044-registration-holds.ts';
import { enrolmentPaidCents } from './migrations/045-enrolment-paid-cents.ts';
import { listItemNamesUnique } from './migrations/046-list-item-names-unique.ts';
import { registrationRegId } from './migrations/047-registration-reg-id.ts';
import { classProfiles } from './migrations/048-class-profiles.ts';
import { documentNumberWidth } from './migrations/049-document-number-width.ts';
import { cartId } from './migrations/050-cart-id.ts';
import { oneOpenRow } from './migrations/051-one-open-row.ts';
import { detailsVersion } from './migrations/052-details-version.ts';
import { waitingRoomAddress } from './migrations/053-waiting-room-address.ts';

/** Migrations are listed here, in order; each builds the same tables on SQLite and PostgreSQL. */
export function migrationsFor(engine: DatabaseHandle['engine']): Record<string, Migration> {
  return {
    '001-foundation': foundation(engine),
    '002-notification-status-index': notificationStatusIndex,
    '003-settings-version': settingsVersion,
    '004-client-versions': clientVersions(engine),
    '005-drop-read-cache-triggers': dropReadCacheTriggers(engine),
    '006-tenant-keys': tenantKeys(engine),
    '007-a-form-configurations': formConfigurations,
    '007-b-student-records': studentRecords(engine),
    '008-customer-details': customerDetails(engine),
    '009-agreement-versions': agreementVersions(engine),
    '010-barcodes-contact-session-links': barcodesContactSessionLinks(engine),
    '011-classes': classesDomain(engine),
    '011-d-class-search-keys': classSearchKeys,
    '012-checkout': checkoutTables(engine),
    '013-bookings-financials': bookingsFinancials(engine),
    '013-c-invoice-list-index': invoiceListIndex,
    '016-card-token-owner': cardTokenOwner,
    '017-class-search-cover': classSearchCover,
    '019-outbox-lease': outboxLease,
    '020-b-class-session-link-revocation': classSessionLinkRevocation,
    '020-email-change-codes': emailChangeCodes(engine),
    '023-agreement-profiles': agreementProfiles,
    '024-registrations': registrations(engine),
    '025-registration-payment': registrationPayment,
    '026-guest-bookings': guestBookings(engine),
    '027-server-secrets': serverSecrets,
    '028-agreement-signature-once': agreementSignatureOnce,
    '029-message-replies': messageReplies(engine),
    '030-guest-booking-captcha': guestBookingCaptcha,
    '031-charge-refunds': chargeRefunds,
    '032-deletion-requests': deletionRequests(engine),
    '033-activity-log': activityLog(engine),
    '034-waiting-rooms': waitingRooms(engine),
    '035-push': push(engine),
    '036-guardians': guardians(engine),
    '037-native-push': nativePush(),
    '038-guardian-reads': guardianReads(),
    '039-guardian-opt-outs': guardianOptOuts(),
    '040-processors': processors(),
    '041-direct-debit': directDebit(),
    '042-instalment-plans': instalmentPlans(engine),
    '043-waiting-room-admissions': waitingRoomAdmissions(),
    '044-registration-holds': registrationHolds(engine),
    '045-enrolment-paid-cents': enrolmentPaidCents(),
    '046-list-item-names-unique': listItemNamesUnique(),
    '047-registration-reg-id': registrationRegId(),
    '048-class-profiles': classProfiles(),
    '049-document-number-width': documentNumberWidth(),
    '050-cart-id': cartId(),
    '051-one-open-row': oneOpenRow(),
    '052-details-version': detailsVersion(),
    '053-waiting-room-address': waitingRoomAddress(),
  };
}

/** Runs every migration not yet applied; `upTo` stops after the named one (to test an upgrade from that schema). */
export async function migrateToLatest(handle: DatabaseHandle, upTo?: string): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(handle.engine) };
  // On PostgreSQL, keep the bookkeeping tables in the connection's own schema: Kysely otherwise
  // finds another schema's kysely_migration_lock and never creates its own.
  const schema = handle.engine === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema : undefined;
  // Each feature owns a migration number, and features land in any order: a database that already
  // ran 008 still runs a 007-b that landed after it. Migrations of different numbers touch different tables.
  const migrator = new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

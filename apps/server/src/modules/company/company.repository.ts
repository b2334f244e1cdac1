import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CompanyRow } from '../../db/schema.ts';
import { companySettingsSchema, type CompanySettings } from '@portal/shared/company-config';
import type { Company } from '../../domain/company.ts';

type CompanyBase = Pick<CompanyRow, 'id' | 'customer_id' | 'company_details_id' | 'code' | 'trading_name' | 'application' | 'settings_version'>;

/**
 * Parsed settings per database and company, valid while `settings_version` is unchanged. Keyed
 * by the Kysely instance too, so two databases in one process never share an entry.
 */
const settingsCache = new WeakMap<Db, Map<number, { version: number; settings: CompanySettings }>>();

/** A company from its row; the settings text is read (and parsed) only when the version moved. */
export async function toCompany(db: Db, row: CompanyBase & { settings?: string }): Promise<Company> {
  let cache = settingsCache.get(db);
  if (!cache) {
    cache = new Map();
    settingsCache.set(db, cache);
  }
  let hit = cache.get(row.id);
  if (!hit || hit.version !== row.settings_version) {
    const text = row.settings ?? (await db.selectFrom('companies').select('settings').where('id', '=', row.id).executeTakeFirstOrThrow()).settings;
    hit = { version: row.settings_version, settings: companySettingsSchema.parse(JSON.parse(text)) };
    cache.set(row.id, hit);
  }
  return {
    id: row.id,
    customerId: row.customer_id,
    companyDetailsId: row.company_details_id,
    code: row.code,
    tradingName: row.trading_name,
    application: row.application,
    settings: hit.settings,
    configVersion: row.settings_version,
  };
}

/** Replaces a company's settings; the version bump tells every server process to parse them again. */
export async function updateCompanySettings(db: Db, companyId: number, settings: CompanySettings): Promise<void> {
  await db
    .updateTable('companies')
    .set((eb) => ({ settings: JSON.stringify(companySettingsSchema.parse(settings)), settings_version: eb('settings_version', '+', 1) }))
    .where('id', '=', companyId)
    .execute();
}

const columns = ['id', 'customer_id', 'company_details_id', 'code', 'trading_name', 'application', 'settings', 'settings_version'] as const;

export async function findCompanyByCode(db: Db, code: string): Promise<Company | undefined> {
  const row = await db.selectFrom('companies').select(columns).where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
  return row && toCompany(db, row);
}

export async function findCompanyByCustomerId(db: Db, customerId: number): Promise<Company | undefined> {
  const row = await db.selectFrom('companies').select(columns).where('customer_id', '=', customerId).executeTakeFirst();
  return row && toCompany(db, row);
}

export async function findCompanyById(db: Db, id: number): Promise<Company | undefined> {
  const row = await db.selectFrom('companies').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toCompany(db, row);
}

export async function findCompaniesByIds(db: Db, ids: number[]): Promise<Company[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('companies').select(columns).where('id', 'in', ids).orderBy('trading_name').execute();
  return Promise.all(rows.map((row) => toCompany(db, row)));
}

export async function findAllCompanies(db: Db): Promise<Company[]> {
  const rows = await db.selectFrom('companies').select(columns).orderBy('code').execute();
  return Promise.all(rows.map((row) => toCompany(db, row)));
}

/** Every list of the company (list items, venues, lesson formats) in one query, in display order. */
export function findListItems(db: Db, companyId: number) {
  return db
    .selectFrom('list_items')
    .select(['id', 'list_name', 'display_name', 'ocr_field_value_id', 'active', 'sort_order'])
    .where('company_id', '=', companyId)
    .unionAll(
      db
        .selectFrom('venues')
        .select(['id', sql<string>`'venues'`.as('list_name'), 'name as display_name', sql<number | null>`null`.as('ocr_field_value_id'), 'active', sql<number>`0`.as('sort_order')])
        .where('company_id', '=', companyId),
    )
    .unionAll(
      db
        .selectFrom('lesson_formats')
        .select(['id', sql<string>`'lesson_formats'`.as('list_name'), 'name as display_name', sql<number | null>`null`.as('ocr_field_value_id'), 'active', sql<number>`0`.as('sort_order')])
        .where('company_id', '=', companyId),
    )
    .orderBy('list_name')
    .orderBy('sort_order')
    .orderBy('display_name')
    .execute();
}

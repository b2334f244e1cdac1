import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CompanyRow } from '../../db/schema.ts';
import { companySettingsSchema, type CompanySettings } from '@portal/shared/company-config';

export interface Company {
  id: number;
  customerId: number;
  companyDetailsId: number;
  code: string;
  tradingName: string;
  application: string;
  settings: CompanySettings;
}

const parsed = new Map<number, { raw: string; settings: CompanySettings }>();

/** Settings are stored as validated JSON; parsing is cached per company until the text changes. */
export function toCompany(row: Pick<CompanyRow, 'id' | 'customer_id' | 'company_details_id' | 'code' | 'trading_name' | 'application' | 'settings'>): Company {
  let hit = parsed.get(row.id);
  if (!hit || hit.raw !== row.settings) {
    hit = { raw: row.settings, settings: companySettingsSchema.parse(JSON.parse(row.settings)) };
    parsed.set(row.id, hit);
  }
  return {
    id: row.id,
    customerId: row.customer_id,
    companyDetailsId: row.company_details_id,
    code: row.code,
    tradingName: row.trading_name,
    application: row.application,
    settings: hit.settings,
  };
}

const columns = ['id', 'customer_id', 'company_details_id', 'code', 'trading_name', 'application', 'settings'] as const;

export async function findCompanyByCode(db: Db, code: string): Promise<Company | undefined> {
  const row = await db.selectFrom('companies').select(columns).where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
  return row && toCompany(row);
}

export async function findCompanyByCustomerId(db: Db, customerId: number): Promise<Company | undefined> {
  const row = await db.selectFrom('companies').select(columns).where('customer_id', '=', customerId).executeTakeFirst();
  return row && toCompany(row);
}

export async function findCompanyById(db: Db, id: number): Promise<Company | undefined> {
  const row = await db.selectFrom('companies').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toCompany(row);
}

export async function findCompaniesByIds(db: Db, ids: number[]): Promise<Company[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('companies').select(columns).where('id', 'in', ids).orderBy('trading_name').execute();
  return rows.map(toCompany);
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

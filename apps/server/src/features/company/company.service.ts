import type { CompanyConfig, ListItem, ListName } from '@portal/shared/company-config';
import { LIST_NAMES } from '@portal/shared/company-config';
import type { CompanyListEntry } from '@portal/shared/company-schemas';
import type { Deps } from '../../deps.ts';
import type { Company } from '../../domain/company.ts';
import type { SessionsRow } from '../../domain/session.ts';
import * as repo from './company.repository.ts';

export function toListEntry(company: Company): CompanyListEntry {
  return { CustomerID: company.customerId, TradingName: company.tradingName, Application: company.application };
}

export function findCompanyByCode(deps: Deps, code: string): Promise<Company | undefined> {
  return repo.findCompanyByCode(deps.db, code);
}

export function findCompanyByCustomerId(deps: Deps, customerId: number): Promise<Company | undefined> {
  return repo.findCompanyByCustomerId(deps.db, customerId);
}

export function findCompanyById(deps: Deps, id: number): Promise<Company | undefined> {
  return repo.findCompanyById(deps.db, id);
}

/** Several companies, by name. */
export function findCompaniesByIds(deps: Deps, ids: number[]): Promise<Company[]> {
  return repo.findCompaniesByIds(deps.db, ids);
}

/** The company of a session lookup; its settings are parsed again only when their version moved. */
export function companyFromSessionRow(deps: Deps, row: SessionsRow): Promise<Company> {
  return repo.toCompany(deps.db, row);
}

/** The get-config answer: the company's settings (memoised per settings version) and its lists, read on each call. */
export async function buildCompanyConfig(deps: Deps, company: Company): Promise<CompanyConfig> {
  const rows = await repo.findListItems(deps.db, company.id);
  const lists = Object.fromEntries(LIST_NAMES.map((n) => [n, [] as ListItem[]])) as Record<ListName, ListItem[]>;
  const unfiltered = Object.fromEntries(LIST_NAMES.map((n) => [n, [] as ListItem[]])) as Record<ListName, ListItem[]>;
  for (const row of rows) {
    if (!(LIST_NAMES as readonly string[]).includes(row.list_name)) continue;
    const name = row.list_name as ListName;
    const item = { FieldValueID: row.id, DisplayName: row.display_name, OCRFieldValueID: row.ocr_field_value_id };
    unfiltered[name].push(item);
    if (Number(row.active) === 1) lists[name].push(item);
  }

  const { switches, ...settings } = company.settings;
  return {
    ...settings,
    ...switches,
    CustomerID: company.customerId,
    CompanyDetailsID: company.companyDetailsId,
    OCRCompanyName: settings.OCRCompanyName || settings.CompanyDisplayName,
    CustomerPortalAllowOCR: switches.AllowOCR,
    lists,
    unfiltered_lists: unfiltered,
  };
}

/** Every list of the company (list items, venues, lesson formats) as rows with their ids, in display order. */
export function findListItems(deps: Deps, companyId: number) {
  return repo.findListItems(deps.db, companyId);
}

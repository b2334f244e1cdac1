import { hash } from 'node:crypto';
import type { CompanyBrand, CompanyConfig, ListItem, ListName } from '@portal/shared/company-config';
import { companyBrandSchema, companyConfigSchema, LIST_NAMES } from '@portal/shared/company-config';
import type { CompanyListEntry } from '@portal/shared/company-schemas';
import { once, type Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import type { SessionsRow } from '../../domain/session.ts';
import * as repo from './company.repository.ts';

export function toListEntry(company: Company): CompanyListEntry {
  return { CustomerID: company.customerId, TradingName: company.tradingName, Application: company.application };
}

/** By its code; needs only the database (the command line calls it too). */
export function findCompanyByCode(ctx: Pick<Ctx, 'db'>, code: string): Promise<Company | undefined> {
  return repo.findCompanyByCode(ctx.db, code);
}

export function findCompanyByCustomerId(ctx: Ctx, customerId: number): Promise<Company | undefined> {
  return repo.findCompanyByCustomerId(ctx.db, customerId);
}

export function findCompanyById(ctx: Ctx, id: number): Promise<Company | undefined> {
  return repo.findCompanyById(ctx.db, id);
}

/** Several companies, by name. */
export function findCompaniesByIds(ctx: Ctx, ids: number[]): Promise<Company[]> {
  return repo.findCompaniesByIds(ctx.db, ids);
}

/** Every company, by code: for checks across all of them at start-up. */
export function findAllCompanies(ctx: Pick<Ctx, 'db'>): Promise<Company[]> {
  return repo.findAllCompanies(ctx.db);
}

/** The company of a session lookup; its settings are parsed again only when their version moved. */
export function companyFromSessionRow(ctx: Ctx, row: SessionsRow): Promise<Company> {
  return repo.toCompany(ctx.db, row);
}

type Lists = Record<ListName, ListItem[]>;
type ListItemRow = Awaited<ReturnType<typeof repo.findListItems>>[number];

/** The company's lists from their rows (every list, and only its active items), read on each call. */
async function readLists(ctx: Ctx, companyId: number): Promise<{ lists: Lists; unfiltered_lists: Lists }> {
  const rows = await findListItems(ctx, companyId);
  const lists = Object.fromEntries(LIST_NAMES.map((n) => [n, [] as ListItem[]])) as Lists;
  const unfiltered = Object.fromEntries(LIST_NAMES.map((n) => [n, [] as ListItem[]])) as Lists;
  for (const row of rows) {
    if (!(LIST_NAMES as readonly string[]).includes(row.list_name)) continue;
    const name = row.list_name as ListName;
    const item = { FieldValueID: row.id, DisplayName: row.display_name, OCRFieldValueID: row.ocr_field_value_id };
    unfiltered[name].push(item);
    if (Number(row.active) === 1) lists[name].push(item);
  }
  return { lists, unfiltered_lists: unfiltered };
}

/** The get-config answer but its lists, flattened the way the spec names the settings. */
function settingsPart(company: Company): Omit<CompanyConfig, 'lists' | 'unfiltered_lists'> {
  const { switches, ...settings } = company.settings;
  return {
    ...settings,
    ...switches,
    CustomerID: company.customerId,
    CompanyDetailsID: company.companyDetailsId,
    OCRCompanyName: settings.OCRCompanyName || settings.CompanyDisplayName,
    CustomerPortalAllowOCR: switches.AllowOCR,
  };
}

/** The company's look alone (its name, logo, colours, corners, font), for a page shown before its portal is entered. */
export function companyBrand(company: Company): CompanyBrand {
  // The schema picks the fields: the others are dropped.
  return companyBrandSchema.parse(company.settings);
}

/** The get-config answer as an object: the company's settings (memoised per settings version) and its lists, read on each call. */
export async function buildCompanyConfig(ctx: Ctx, company: Company): Promise<CompanyConfig> {
  return { ...settingsPart(company), ...(await readLists(ctx, company.id)) };
}

/**
 * The settings part of the get-config answer as checked JSON text without its closing brace, and
 * that text's digest. Made once per parsed settings object, which the company repository replaces
 * exactly when the settings version moves (the memo issue 6 keeps), so it lives and dies with it.
 */
const settingsTexts = new WeakMap<Company['settings'], Map<number, { text: string; digest: string }>>();
function settingsText(company: Company): { text: string; digest: string } {
  let byCompany = settingsTexts.get(company.settings);
  if (!byCompany) {
    byCompany = new Map();
    settingsTexts.set(company.settings, byCompany);
  }
  let made = byCompany.get(company.id);
  if (!made) {
    const empty = Object.fromEntries(LIST_NAMES.map((n) => [n, []])) as unknown as Lists;
    // Checked against the answer's schema here, once, as the route's serializer would on every call.
    const { lists: _l, unfiltered_lists: _u, ...checked } = companyConfigSchema.parse({ ...settingsPart(company), lists: empty, unfiltered_lists: empty });
    const text = JSON.stringify(checked).slice(0, -1);
    made = { text, digest: hash('sha1', text, 'base64url') };
    byCompany.set(company.id, made);
  }
  return made;
}

/**
 * get-config as the wire carries it (decision 033): its ETag, a digest of the whole answer, and
 * its JSON text. The lists are read on each call (a list item written past the API shows at once);
 * the settings part is checked and serialised once per settings version instead of on every call,
 * where checking the multi-kilobyte answer against its schema was most of the call's cost.
 */
export async function companyConfigAnswer(ctx: Ctx, company: Company): Promise<{ etag: string; text: () => string }> {
  const settings = settingsText(company);
  const lists = await readLists(ctx, company.id);
  const listsText = `"lists":${JSON.stringify(lists.lists)},"unfiltered_lists":${JSON.stringify(lists.unfiltered_lists)}}`;
  return {
    etag: `W/"${hash('sha1', settings.digest + listsText, 'base64url')}"`,
    text: () => `${settings.text},${listsText}`,
  };
}

/**
 * Every list of the company (list items, venues, lesson formats) as rows with their ids and
 * whether each is active, in display order. Read once per request: every form a request checks
 * builds the company's config and checks the list ids it sends, from this one read.
 */
export function findListItems(ctx: Ctx, companyId: number): Promise<ListItemRow[]> {
  return once(ctx, `list-items:${companyId}`, () => repo.findListItems(ctx.db, companyId));
}

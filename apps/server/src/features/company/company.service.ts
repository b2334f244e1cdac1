import type { CompanyConfig, ListItem, ListName } from '@portal/shared/company-config';
import { LIST_NAMES } from '@portal/shared/company-config';
import type { CompanyListEntry } from '@portal/shared/api-types';
import { messages, serverMessages } from '@portal/shared/messages';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { findCompaniesByIds, findListItems, type Company } from './company.repository.ts';
import { findLoginsByEmail } from '../customer/customer.repository.ts';
import { renderMail } from '../mail/mailer.ts';

export function toListEntry(company: Company): CompanyListEntry {
  return { CustomerID: company.customerId, TradingName: company.tradingName, Application: company.application };
}

/**
 * How many password hashes get-by-email verifies on every call, whatever the address: its
 * distinct hashes up to this cap, padded with the dummy hash. The call then costs the same for an
 * unknown address as for one that many companies know, so its time tells nothing, and one address
 * cannot make it verify more.
 */
export const GET_BY_EMAIL_HASHES = 3;

/** Companies where this e-mail has a sign-in whose password matches (each company keeps its own password). */
export async function findCompaniesForCredentials(deps: Deps, email: string, password: string): Promise<CompanyListEntry[]> {
  const logins = await findLoginsByEmail(deps.db, email);
  const hashes = [...new Set(logins.map((l) => l.password_hash))].slice(0, GET_BY_EMAIL_HASHES);
  const padded = [...hashes, ...Array<undefined>(GET_BY_EMAIL_HASHES - hashes.length).fill(undefined)];
  const results = await Promise.all(padded.map((hash) => verifyPassword(hash, password)));
  const right = new Set(hashes.filter((_, i) => results[i]));
  const matched = logins.filter((l) => right.has(l.password_hash)).map((l) => l.company_id);
  if (matched.length === 0) throw new AppError(401, 'INVALID_CREDENTIALS', messages.invalidCredentials);
  return (await findCompaniesByIds(deps.db, matched)).map(toListEntry);
}

/** The get-config answer: the company's settings (memoised per settings version) and its lists, read on each call. */
export async function buildCompanyConfig(deps: Deps, company: Company): Promise<CompanyConfig> {
  const rows = await findListItems(deps.db, company.id);
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

export async function sendContactMessage(
  deps: Deps,
  company: Company,
  input: { name: string; email: string; phone: string; message: string },
): Promise<string> {
  const to = company.settings.ContactEmail;
  const body = renderMail(company.settings.CompanyDisplayName, [
    `New enquiry from the Customer Hub.`,
    `From: ${input.name} <${input.email}>${input.phone ? `, phone ${input.phone}` : ''}`,
    input.message,
  ]);
  await deps.mailer.send({ companyId: company.id, to: to || deps.env.MAIL_FROM, subject: `Customer Hub enquiry from ${input.name}`, ...body });
  return serverMessages.contactSent;
}

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

/** Companies where this e-mail has a sign-in whose password matches (each company keeps its own password). */
export async function findCompaniesForCredentials(deps: Deps, email: string, password: string): Promise<CompanyListEntry[]> {
  const logins = await findLoginsByEmail(deps.db, email);
  if (logins.length === 0) await verifyPassword(undefined, password);
  const matched: number[] = [];
  for (const login of logins) {
    if (await verifyPassword(login.password_hash, password)) matched.push(login.company_id);
  }
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

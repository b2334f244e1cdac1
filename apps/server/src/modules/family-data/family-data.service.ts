import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { notFound } from '../../lib/app-error.ts';
import { readFamily } from './family-data.repository.ts';

/**
 * The tables with a `client_id` that the export leaves out, and why (decision 094). Every other
 * such table is in it (family-data.test.ts checks the two lists cover the schema).
 */
export const NOT_EXPORTED = {
  sessions: 'sign-in sessions: secret tokens, and nothing about the family but that it signed in',
  email_codes: 'one-time codes: secrets, gone within the hour',
  password_reset_tokens: 'reset links: secrets, gone within the hour',
  gateway_cards: "the card processor's tokens; the card as the family knows it (brand, last digits, expiry) is in payment_methods",
  processor_customers: "the family's customer id at the company's card processor: the processor's reference, nothing the family wrote",
  guest_clients: 'which client the company takes guest bookings under: the company’s own, not a family’s',
  push_subscriptions: "each device's push-service address and keys: the browser's secrets, nothing the family wrote",
  guardian_invitations: "pending invitations: their link's secret; who has access is in guardians",
} as const;

type Section = Record<string, unknown>[];

/** A value as a CSV cell (RFC 4180): text quoted when it holds a comma, quote or line break; objects as JSON. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One section as CSV: a header of every column any row has, then a line per row. */
export function toCsv(section: Section): string {
  const columns = [...new Set(section.flatMap((row) => Object.keys(row)))];
  return [columns.map(cell).join(','), ...section.map((row) => columns.map((c) => cell(row[c])).join(','))].join('\r\n') + '\r\n';
}

/**
 * "Download my data" (issue 24): everything the portal holds about the signed-in family, as one
 * ZIP with `family.json` (every section), a CSV per section and the students' pictures, built on
 * request from the live rows. Answers the archive and its file name.
 */
export async function exportFamilyData(ctx: Ctx, company: Company, clientId: number): Promise<{ fileName: string; zip: Uint8Array }> {
  const read = await readFamily(ctx.db, { companyId: company.id, clientId });
  if (!read) throw notFound();
  const family = read.sections;
  const at = ctx.clock.now();
  const document = {
    company: company.settings.CompanyDisplayName,
    exported_at: at.toISOString(),
    about: 'Everything this portal holds about your family. Amounts are in cents; times are UTC.',
    ...family,
  };
  const files: Zippable = { 'family.json': strToU8(JSON.stringify(document, null, 2)) };
  for (const [name, section] of Object.entries(family)) files[`csv/${name}.csv`] = strToU8(toCsv(section));
  // Pictures as they are kept: already compressed, stored without compressing again.
  for (const p of read.pictures) files[p.file] = [new Uint8Array(p.image), { level: 0 }];
  return { fileName: `family-data-${at.toISOString().slice(0, 10)}.zip`, zip: zipSync(files, { level: 6, mtime: at }) };
}

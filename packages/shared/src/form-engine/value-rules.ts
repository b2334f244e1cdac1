import { z } from 'zod';
import { fieldMessages as fdm, formMessages as fm, messages as m } from '../messages.ts';
import { CONTROL_CHARACTER, CONTROL_CHARACTER_MESSAGE } from '../text-rules.ts';
import type { FormValues, PostcodeSource } from './form-types.ts';

/** How each kind of input reads a value: what it accepts, how it normalises it, and the message it refuses it with. */

/** Phones: an optional leading + then digits; fax: digits only (X4). */
export const PHONE_PATTERN = /^\+?[0-9]+$/;
export const DIGITS_PATTERN = /^[0-9]+$/;
export const MAX = { name: 100, line: 100, suburb: 60, state: 60, postcode: 12, phone: 20, email: 254, notes: 2000, text: 500, regId: 30, genderOther: 50 };
const MAX_ID = 2_147_483_647;

const sameText = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The postcode the chosen location supplies (decision 028): the locations whose suburb is the
 * chosen suburb and, when a state is chosen, whose state is that state, case and surrounding
 * spaces aside. Answers their postcode when they agree on exactly one non-empty postcode, else null.
 */
export function locationPostcode(source: PostcodeSource, values: FormValues): string | null {
  const suburb = values[source.suburbKey];
  const state = values[source.stateKey];
  if (typeof suburb !== 'string' || suburb.trim() === '') return null;
  const stateChosen = typeof state === 'string' && state.trim() !== '';
  const postcodes = new Set(source.locations.filter((l) => sameText(suburb, l.Suburb) && (!stateChosen || sameText(state, l.State)) && l.Postcode !== '').map((l) => l.Postcode));
  return postcodes.size === 1 ? ([...postcodes][0] ?? null) : null;
}

/**
 * The state the chosen suburb's locations are in, when they agree on exactly one (case and spaces
 * aside), so choosing a suburb fills the state as it fills the postcode; else null.
 */
export function locationState(source: PostcodeSource, values: FormValues): string | null {
  const suburb = values[source.suburbKey];
  if (typeof suburb !== 'string' || suburb.trim() === '') return null;
  const states = new Map(source.locations.filter((l) => sameText(suburb, l.Suburb) && l.State.trim() !== '').map((l) => [l.State.trim().toLowerCase(), l.State.trim()]));
  return states.size === 1 ? ([...states.values()][0] ?? null) : null;
}

export type Read = { value: unknown } | { message: string };

// What a form or a JSON body may hold for each kind of input; anything else is refused up front.
export const acceptsText = z.union([z.string(), z.number()], { error: fm.invalidValue }).nullish();
export const acceptsId = z.union([z.number(), z.string()], { error: fm.invalidValue }).nullish();
export const acceptsIdList = z.union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()], { error: fm.invalidValue }).nullish();
export const acceptsBoolean = z.boolean({ error: fm.invalidValue }).nullish();
/** A value the form shows and never reads: whatever arrives is left alone. */
export const acceptsAnything = z.unknown().optional();
export const acceptsYesNo = z.union([z.string(), z.boolean()], { error: fm.invalidValue }).nullish();

export const ok = (value: unknown): Read => ({ value });
export const fail = (message: string): Read => ({ message });

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

export interface TextRule {
  max: number;
  required: string | null;
  pattern?: RegExp;
  invalid?: string;
  forbidden?: RegExp;
  lowerCase?: boolean;
  placeholder?: string;
}

export function readText(v: unknown, label: string, rule: TextRule): Read {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (s === '' || s === rule.placeholder) return rule.required ? fail(rule.required) : ok(null);
  if (s.length > rule.max) return fail(fm.tooLong(label, rule.max));
  if (CONTROL_CHARACTER.test(s)) return fail(CONTROL_CHARACTER_MESSAGE);
  if (rule.forbidden?.test(s)) return fail(m.nameForbidden);
  if (rule.pattern && !rule.pattern.test(s)) return fail(rule.invalid ?? fm.invalidValue);
  return ok(rule.lowerCase ? s.toLowerCase() : s);
}

export function toId(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) && v > 0 && v <= MAX_ID ? v : undefined;
  if (typeof v === 'string' && /^[0-9]{1,10}$/.test(v.trim())) return toId(Number(v.trim()));
  return undefined;
}

/** One id from a select; `allowed` limits it to the items of the field. */
export function readId(v: unknown, required: string | null, allowed?: readonly (number | string)[]): Read {
  if (isBlank(v)) return required ? fail(required) : ok(null);
  const id = toId(v);
  if (id === undefined || (allowed && !allowed.includes(id))) return fail(fdm.selectAnOption);
  return ok(id);
}

/** Several ids, as an array or a comma list; answers them ascending, joined by commas. */
export function readIdList(v: unknown, required: string | null, allowed?: readonly (number | string)[]): Read {
  const parts = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter((p) => p.trim() !== '') : v == null ? [] : [v];
  if (parts.length === 0) return required ? fail(required) : ok(null);
  const ids = new Set<number>();
  for (const p of parts) {
    const id = toId(p);
    if (id === undefined || (allowed && !allowed.includes(id))) return fail(fdm.selectAnOption);
    ids.add(id);
  }
  return ok([...ids].sort((a, b) => a - b).join(','));
}

const DATE_PATTERN = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/**
 * S40, S41: yyyy-mm-dd, year 1000–9999, month 1–12, a day the month has (U26: 2023-02-31 is
 * refused rather than stored), and not after today.
 */
export function isValidPastDate(value: string, today: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth && value <= today;
}

/**
 * S43, U26: a year at or before 1900 is replaced by the year ten years before today's, same month
 * and day (29 February becomes the 28th when that year has none). Date inputs start at
 * 1900-01-01, so such a year is a slip of the keyboard or an old record, never a birth date.
 */
export function replaceEarlyYear(value: string, today: string): string {
  const match = DATE_PATTERN.exec(value);
  if (!match || Number(match[1]) > 1900) return value;
  const year = Number(today.slice(0, 4)) - 10;
  const month = Number(match[2]);
  const day = Math.min(Number(match[3]), new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${String(year).padStart(4, '0')}-${match[2]}-${String(day).padStart(2, '0')}`;
}

export function latestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

export function readYesNo(v: unknown, required: string | null): Read {
  if (typeof v === 'boolean') return ok(v ? 'Y' : 'N');
  if (isBlank(v)) return required ? fail(required) : ok(null);
  const s = String(v).trim().toUpperCase();
  return s === 'Y' || s === 'N' ? ok(s) : fail(fdm.selectAnOption);
}

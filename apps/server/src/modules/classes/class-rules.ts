import type { ErrorCode } from '@portal/shared/error-codes';
import { classMessages } from '@portal/shared/class-schemas';
import { serverMessages } from '@portal/shared/messages';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';

// The refusals and switches every part of the module checks.

export const notFound = () => new AppError(404, 'NOT_FOUND', serverMessages.notFound);
export const refuse = (status: number, code: ErrorCode, message: string) => new AppError(status, code, message);

/** A cart line a refusal names: a class full, or one the child was enrolled in meanwhile (on another device). */
export interface NamedClassLine {
  index: number;
  code: 'CLASS_FULL' | 'ALREADY_ENROLLED';
  message: string;
}

/**
 * 409 naming each refused class of a cart by its line (`classItems.<index>`, in the cart's order)
 * with its own message, as a court taken is named (decisions 129, 132): a full class, or, with its
 * own `code`, one the child is already in, to be taken out. The answer is the first class found
 * full, or else the first found already enrolled.
 */
export function namedClassLines(lines: readonly NamedClassLine[]): AppError {
  const named = [...lines].sort((a, b) => a.index - b.index).map((l) => ({ field: `classItems.${l.index}`, message: l.message, ...(l.code === 'ALREADY_ENROLLED' ? { code: l.code } : {}) }));
  const lead = lines.find((l) => l.code === 'CLASS_FULL') ?? lines[0]!;
  return new AppError(409, lead.code, lead.message, named);
}

/** 409 CLASS_FULL naming each full class of a cart by its line. */
export const fullLines = (lines: readonly { index: number; name: string }[]) =>
  namedClassLines(lines.map(({ index, name }) => ({ index, code: 'CLASS_FULL', message: classMessages.classFull(name) })));

/**
 * For the calls other modules make too (a class item checked at checkout, a waitlist place taken
 * by a registration); an endpoint that needs it alone names the switches in its definition.
 */
export function assertClassReservations(company: Company) {
  const s = company.settings.switches;
  // X7: the same switch under two names; online class reservations must be on as well.
  if (!s.AllowOCR || !s.OnlineClassReservationsEnabled) throw refuse(403, 'FEATURE_DISABLED', serverMessages.forbidden);
}

export function profileOf(company: Company, profileId: number | undefined) {
  if (profileId === undefined) return undefined;
  const profile = company.settings.profiles.find((p) => p.OCRProfileID === profileId);
  if (!profile) throw notFound();
  return profile;
}

/**
 * Whether a profile offers a class (decision 134): a class that names no profile is offered under
 * every one; `rows` are the classes' profiles as `findClassProfiles` reads them.
 */
export function offeredUnder(rows: readonly { class_id: number; profile_id: number }[], classId: number, profileId: number): boolean {
  return !rows.some((r) => r.class_id === classId) || rows.some((r) => r.class_id === classId && r.profile_id === profileId);
}

import { ACTIVITY_PAGE_SIZE, type ActivityAnswer, type ActivityChange, type ActivityEntry, type ActivityKind } from '@portal/shared/activity-schemas';
import type { Ctx } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './activity.repository.ts';

/** Fields whose values never go into the log, whatever a caller passes (decision 098). */
const SECRET = /password|card|cvc|cvv|token|account_?number|bsb|iban|hash|secret/i;

export interface NewActivity {
  companyId: number;
  clientId: number;
  kind: ActivityKind;
  summary: string;
  changes?: ActivityChange[];
  actor?: ActivityEntry['actor'];
}

/**
 * Records changes to a family's data in the caller's transaction, in one statement (decision
 * 098): the service that makes a change says what it was. A secret's field is kept with its
 * values blanked.
 */
export async function recordActivity(ctx: Ctx, entries: NewActivity | NewActivity[]): Promise<void> {
  const list = [entries].flat();
  if (list.length === 0) return;
  const at = nowIso(ctx.clock.now());
  await repo.insertEntries(
    ctx.db,
    list.map((entry) => rowOf(entry, at, ctx)),
  );
}

/** The row for an entry; a guardian's change (decision 101) is signed with their name. */
function rowOf(entry: NewActivity, at: string, ctx: Ctx): repo.ActivityRow {
  const changes = (entry.changes ?? []).map((c) => (SECRET.test(c.field) ? { field: c.field, from: null, to: null } : c));
  return {
    company_id: entry.companyId,
    client_id: entry.clientId,
    at,
    actor: entry.actor ?? 'family',
    kind: entry.kind,
    summary: entry.summary,
    changes: changes.length ? JSON.stringify(changes) : null,
    by_name: ctx.guardian ? `${ctx.guardian.firstName} ${ctx.guardian.lastName}` : null,
  };
}

/** What changed between two versions of a record, field by field, as text (labels name the fields a family reads). */
export function changesBetween<T extends Record<string, unknown>>(before: T, after: Partial<T>, labels: Partial<Record<keyof T & string, string>>): ActivityChange[] {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean));
  return Object.entries(labels).flatMap(([key, field]) => {
    if (!(key in after)) return [];
    const from = text(before[key]);
    const to = text(after[key as keyof T]);
    return from === to ? [] : [{ field: field as string, from, to }];
  });
}

/**
 * The answers to the company's own questions that differ, for the questions `ids` names: one
 * change each, under the form's key custom_field_{id}; an empty answer is none.
 */
export function answerChanges(before: ReadonlyMap<number, string | null>, after: ReadonlyMap<number, string | null>, ids: Iterable<number>): ActivityChange[] {
  const text = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);
  return [...new Set(ids)]
    .sort((a, b) => a - b)
    .flatMap((id) => {
      const from = text(before.get(id));
      const to = text(after.get(id));
      return from === to ? [] : [{ field: `custom_field_${id}`, from, to }];
    });
}

/** A page of the family's log, newest first. */
export async function listActivity(ctx: Ctx, companyId: number, clientId: number, page: number): Promise<ActivityAnswer> {
  const { rows, total } = await repo.findPage(ctx.db, { companyId, clientId, limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE });
  return {
    current_page: page,
    total_pages: Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE)),
    entries: rows.map((r) => ({
      at: r.at,
      actor: r.actor as ActivityEntry['actor'],
      kind: r.kind as ActivityKind,
      summary: r.summary,
      ...(r.by_name ? { by: r.by_name } : {}),
      changes: r.changes ? (JSON.parse(r.changes) as ActivityChange[]) : [],
    })),
  };
}

/** A device as a family recognises it, from its browser's User-Agent: "Safari on iPhone", "Chrome on Windows". */
export function deviceOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'an unknown system';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\/|FxiOS/.test(ua) ? 'Firefox' : /Chrome\/|CriOS/.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'a browser';
  return `${browser} on ${os}`;
}

/** A sign-in: logged when it is from a device the family has not signed in on before, in one statement. */
export async function recordSignIn(ctx: Ctx, companyId: number, clientId: number, userAgent: string | undefined): Promise<void> {
  const summary = `Signed in on a new device: ${deviceOf(userAgent)}`;
  const row = rowOf({ companyId, clientId, kind: 'sign_in', summary }, nowIso(ctx.clock.now()), ctx);
  await repo.insertUnlessLogged(ctx.db, row);
}

import { z } from 'zod';
import { companySettingsSchema } from '@portal/shared/company-config';
import { FONT_SET, findFont } from '@portal/shared/fonts';

/** A field of a bundle (dotted path) and what is wrong with it. */
export interface ConfigWarning {
  path: string;
  message: string;
}

/** The object schema inside defaults, optionals, nullables and arrays, if there is one. */
function objectShape(schema: z.ZodType): { shape: Record<string, z.ZodType>; each: boolean } | null {
  let s: z.ZodType = schema;
  let each = false;
  for (;;) {
    if (s instanceof z.ZodObject) return { shape: s.shape as Record<string, z.ZodType>, each };
    if (s instanceof z.ZodDefault || s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodArray && !each) {
      s = s.element as z.ZodType;
      each = true;
    } else return null;
  }
}

/** Edit distance between two names, case ignored (a misspelt switch is one or two edits away). */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[y.length]!;
}

/** The known name a misspelt one most likely meant, when one is close enough to suggest. */
export function closestName(name: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : null;
}

function unknownFields(value: unknown, shape: Record<string, z.ZodType>, path: string, out: ConfigWarning[]): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return;
  const known = Object.keys(shape);
  for (const [field, child] of Object.entries(value)) {
    const childPath = `${path}.${field}`;
    const schema = shape[field];
    if (!schema) {
      const closest = closestName(field, known);
      out.push({ path: childPath, message: closest ? `Unknown field (did you mean ${closest}?)` : 'Unknown field' });
      continue;
    }
    const nested = objectShape(schema);
    if (!nested) continue;
    if (nested.each && Array.isArray(child)) child.forEach((item, i) => unknownFields(item, nested.shape, `${childPath}.${i}`, out));
    else if (!nested.each) unknownFields(child, nested.shape, childPath, out);
  }
}

/**
 * What a bundle's `config` holds that the portal will not use as written: fields the
 * schema does not know (they would be dropped, and the setting they meant left at its
 * default) and a font outside the self-hosted set (drawn in Inter). Each with its path.
 */
export function configWarnings(input: unknown): ConfigWarning[] {
  const config = (input as { company?: { config?: unknown } } | null)?.company?.config;
  const out: ConfigWarning[] = [];
  unknownFields(config, companySettingsSchema.shape as Record<string, z.ZodType>, 'company.config', out);
  const font = (config as { global_settings?: { Font?: unknown } } | undefined)?.global_settings?.Font;
  if (typeof font === 'string' && font.trim() && !findFont(font)) {
    out.push({
      path: 'company.config.global_settings.Font',
      message: `"${font}" is not one of the portal's fonts (${FONT_SET.join(', ')}); the portal will be drawn in Inter`,
    });
  }
  const profiles = (config as { profiles?: unknown } | undefined)?.profiles;
  if (Array.isArray(profiles)) {
    profiles.forEach((p: { PageType?: unknown; SkipStudents?: unknown } | null, i) => {
      // A class step needs a student to put each class on (N8, N14, N17).
      if (p && p.SkipStudents === true && (p.PageType ?? 'SelectClasses') === 'SelectClasses') {
        out.push({
          path: `company.config.profiles.${i}.SkipStudents`,
          message: 'A profile with a class step needs students: with SkipStudents its registrations cannot be submitted (use PageType NoClasses)',
        });
      }
    });
  }
  return out;
}

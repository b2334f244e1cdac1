/**
 * The fonts a company may choose (global_settings.Font). Each is shipped with the portal
 * as a self-hosted @fontsource package and downloaded only by the portal of a company that
 * uses it; any other name is drawn in Inter, and the bundle importer warns about it.
 */
export const FONT_SET = ['Inter', 'Montserrat', 'Roboto', 'Open Sans', 'Lato', 'Poppins', 'Nunito', 'Raleway', 'Source Sans 3', 'Playfair Display', 'Merriweather'] as const;
export type FontName = (typeof FONT_SET)[number];

export const DEFAULT_FONT: FontName = 'Inter';

/** Spellings some companies have stored for a font of the set. */
const ALIASES: Record<string, FontName> = { monsterrat: 'Montserrat', 'source sans pro': 'Source Sans 3' };

const key = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The font of the set a configured name means (case and spacing ignored), or null. */
export function findFont(name: string | null | undefined): FontName | null {
  const k = key(name ?? '');
  if (!k) return null;
  return FONT_SET.find((f) => key(f) === k) ?? ALIASES[k] ?? null;
}

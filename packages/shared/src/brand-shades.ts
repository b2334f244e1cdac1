/**
 * Which shade of a company's palette carries white text on a solid button: the portal's buttons
 * and the e-mails' buttons use the same one.
 */

/** Contrast ratio of white text on a #rrggbb colour (WCAG 2). */
export function contrastWithWhite(hex: string): number {
  const n = hex.replace('#', '');
  const channels = [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

/** The shades a solid button may take, lightest first. */
export const SOLID_SHADES = ['600', '700', '800', '900'] as const;
export type SolidShade = (typeof SOLID_SHADES)[number];

/**
 * brand-600, or for a pale palette whose 600 cannot carry white text at 4.5:1 (WCAG AA) the
 * first of 700, 800 and 900 that can; null when none can.
 */
export function solidShadeOf(colors: Partial<Record<string, string>>): SolidShade | null {
  return (
    SOLID_SHADES.find((shade) => {
      const hex = colors[shade];
      return hex !== undefined && /^#[0-9a-f]{6}$/i.test(hex) && contrastWithWhite(hex) >= 4.5;
    }) ?? null
  );
}

import type { CompanyBrand, CompanyConfig } from '@portal/shared/company-config';
import { COLOR_SHADES } from '@portal/shared/constants';
import { SOLID_SHADES, solidShadeOf } from '@portal/shared/brand-shades';
import { fontFor } from './fonts';

const RADIUS: Record<string, string> = { sharp: '0px', semiround: '8px', round: '16px' };

/** Sharp 0, SemiRound 8 px, Round 16 px; anything else 8 px (D1 §9). */
export function buttonRadius(value: string | null | undefined): string {
  return RADIUS[(value ?? '').toLowerCase()] ?? '8px';
}

/** Primary buttons use the shade white text stays readable on (brand-600 unless the palette is pale); hover one darker. */
export function solidShade(colors: Partial<Record<string, string>>): { solid: string; hover: string } {
  const shade = solidShadeOf(colors);
  if (!shade) return { solid: 'var(--brand-900)', hover: 'var(--brand-950)' };
  const hover = SOLID_SHADES[Math.min(SOLID_SHADES.indexOf(shade) + 1, SOLID_SHADES.length - 1)];
  return { solid: `var(--brand-${shade})`, hover: `var(--brand-${hover})` };
}

/** Puts the company's look on :root (C2–C6). */
export function applyBranding(config: CompanyBrand): void {
  const root = document.documentElement;
  const colors = (config.colors ?? {}) as Partial<Record<string, string>>;
  for (const shade of COLOR_SHADES) {
    const hex = colors[shade];
    if (hex) root.style.setProperty(`--brand-${shade}`, hex);
  }
  const { solid, hover } = solidShade(colors);
  root.style.setProperty('--brand-solid', solid);
  root.style.setProperty('--brand-solid-hover', hover);

  const settings = config.global_settings;
  root.style.setProperty('--button-radius', buttonRadius(settings?.ButtonRadius));
  const font = fontFor(settings?.Font);
  if (font.load) void font.load().catch(() => undefined);
  root.style.setProperty('--font-body', `${font.family}, ui-sans-serif, system-ui, sans-serif`);
  root.dataset.nav = settings?.NavBarShading?.toLowerCase() === 'dark' ? 'dark' : 'light';

  const themeColor = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (themeColor) themeColor.content = root.dataset.nav === 'dark' ? (colors['900'] ?? '#ffffff') : '#ffffff';
}

/** Back to the neutral look (company logout). */
export function resetBranding(): void {
  const root = document.documentElement;
  for (const shade of COLOR_SHADES) root.style.removeProperty(`--brand-${shade}`);
  for (const prop of ['--brand-solid', '--brand-solid-hover', '--button-radius', '--font-body']) root.style.removeProperty(prop);
  delete root.dataset.nav;
}

/** Company images arrive as URLs or as bare base64 (like CompanyLogo); both become an img src. */
export function imageSource(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^(data:|https?:\/\/|\/)/i.test(trimmed)) return trimmed;
  return `data:image/jpeg;base64,${trimmed}`;
}

/** The logo to show: logoImage when UseLogoImage, else the base64 CompanyLogo (B1). */
export function logoSource(config: CompanyBrand): string | null {
  const settings = config.global_settings;
  if (settings?.UseLogoImage && settings.logoImage) return settings.logoImage;
  const logo = config.CompanyLogo;
  if (!logo) return null;
  if (logo.startsWith('data:') || logo.startsWith('http') || logo.startsWith('/')) return logo;
  return `data:${guessImageType(logo)};base64,${logo}`;
}

function guessImageType(base64: string): string {
  if (base64.startsWith('iVBOR')) return 'image/png';
  if (base64.startsWith('/9j/')) return 'image/jpeg';
  if (base64.startsWith('R0lGOD')) return 'image/gif';
  if (base64.startsWith('PHN2Zy') || base64.startsWith('PD94')) return 'image/svg+xml';
  if (base64.startsWith('UklGR')) return 'image/webp';
  return 'image/png';
}

/** The name in the nav when no logo is used: AlternateCompanyName, else the display name. */
export function companyName(config: CompanyBrand): string {
  return config.global_settings?.AlternateCompanyName?.trim() || config.CompanyDisplayName;
}

/** "{StudentTerm}s" for navigation (B4); "Student" when missing. */
export function studentTerm(config: Pick<CompanyConfig, 'StudentTerm'> | null | undefined): string {
  return config?.StudentTerm?.trim() || 'Student';
}

/**
 * What the portal keeps of a family, in the company's words and as its switches allow
 * ("dancers, classes"; "players, classes, bookings"), for the sentences that list them.
 */
export function familyRecords(config: Pick<CompanyConfig, 'StudentTerm' | 'ShowBookingsTab'>): string {
  return [`${studentTerm(config).toLowerCase()}s`, 'classes', ...(config.ShowBookingsTab ? ['bookings'] : [])].join(', ');
}

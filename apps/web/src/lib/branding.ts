import type { CompanyConfig } from '@portal/shared/company-config';
import { COLOR_SHADES } from '@portal/shared/constants';
import { fontFor } from './fonts';

const RADIUS: Record<string, string> = { sharp: '0px', semiround: '8px', round: '16px' };

/** Sharp 0, SemiRound 8 px, Round 16 px; anything else 8 px (D1 §9). */
export function buttonRadius(value: string | null | undefined): string {
  return RADIUS[(value ?? '').toLowerCase()] ?? '8px';
}

function luminance(hex: string): number {
  const n = hex.replace('#', '');
  const channels = [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * Primary buttons use brand-600; a pale palette whose 600 cannot carry white text at
 * 4.5:1 (WCAG AA) steps down to 700, 800 or 900 so every company stays readable.
 */
export function solidShade(colors: Partial<Record<string, string>>): { solid: string; hover: string } {
  const order = ['600', '700', '800', '900'];
  for (let i = 0; i < order.length; i++) {
    const hex = colors[order[i]!];
    if (hex && /^#[0-9a-f]{6}$/i.test(hex) && contrastWithWhite(hex) >= 4.5) {
      return { solid: `var(--brand-${order[i]})`, hover: `var(--brand-${order[Math.min(i + 1, order.length - 1)]})` };
    }
  }
  return { solid: 'var(--brand-900)', hover: 'var(--brand-950)' };
}

/** Puts the company's look on :root (C2–C6). */
export function applyBranding(config: CompanyConfig): void {
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

/** The logo to show: logoImage when UseLogoImage, else the base64 CompanyLogo (B1). */
export function logoSource(config: CompanyConfig): string | null {
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
export function companyName(config: CompanyConfig): string {
  return config.global_settings?.AlternateCompanyName?.trim() || config.CompanyDisplayName;
}

/** "{StudentTerm}s" for navigation (B4); "Student" when missing. */
export function studentTerm(config: Pick<CompanyConfig, 'StudentTerm'> | null | undefined): string {
  return config?.StudentTerm?.trim() || 'Student';
}

import type { CompanyConfig } from '@portal/shared/company-config';
import { SOCIAL_SITES } from '@portal/shared/constants';

export type SocialSite = (typeof SOCIAL_SITES)[number];

/** X6: D1's short codes name the same sites; accept them so older company data still shows. */
const SITE_ALIASES: Record<string, SocialSite> = {
  FB: 'facebook',
  IN: 'instagram',
  TT: 'tiktok',
  YT: 'youtube',
  XT: 'x',
  LI: 'linkedin',
  PI: 'pinterest',
};

export const SITE_NAMES: Record<SocialSite, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  x: 'X',
  youtube: 'YouTube',
};

export interface SocialLink {
  site: SocialSite;
  link: string;
}

function toSite(value: unknown): SocialSite | null {
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase();
  if ((SOCIAL_SITES as readonly string[]).includes(lower)) return lower as SocialSite;
  if (lower === 'twitter') return 'x';
  return SITE_ALIASES[value.toUpperCase()] ?? null;
}

function isSafeLink(link: unknown): link is string {
  return typeof link === 'string' && /^https?:\/\//i.test(link.trim());
}

/**
 * Only configured, http(s) links become icons (D23); anything else (an empty link, a
 * javascript: URL typed into the back office) is dropped rather than rendered.
 */
export function socialLinks(config: Pick<CompanyConfig, 'social_media'>): SocialLink[] {
  const raw: unknown = config.social_media;
  const entries: { site: unknown; link: unknown }[] = Array.isArray(raw)
    ? raw.map((e: { site?: unknown; link?: unknown }) => ({ site: e?.site, link: e?.link }))
    : raw && typeof raw === 'object'
      ? Object.entries(raw).map(([site, link]) => ({ site, link }))
      : [];
  const seen = new Set<SocialSite>();
  const result: SocialLink[] = [];
  for (const entry of entries) {
    const site = toSite(entry.site);
    if (!site || seen.has(site) || !isSafeLink(entry.link)) continue;
    seen.add(site);
    result.push({ site, link: entry.link.trim() });
  }
  return result;
}

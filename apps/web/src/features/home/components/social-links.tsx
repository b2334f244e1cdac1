import type { ReactNode } from 'react';
import { SITE_NAMES, type SocialLink, type SocialSite } from '../lib/social-links';

export function SocialLinks({ links, companyName }: { links: SocialLink[]; companyName: string }) {
  return (
    <ul className="flex flex-wrap items-center gap-3" aria-label={`${companyName} on social media`}>
      {links.map(({ site, link }) => (
        <li key={site}>
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${companyName} on ${SITE_NAMES[site]} (opens in a new tab)`}
            className="grid size-11 place-items-center rounded-full bg-surface text-primary-ink shadow-sm ring-1 ring-line transition hover:-translate-y-0.5 hover:bg-primary-tint hover:shadow-md"
          >
            <SocialIcon site={site} />
          </a>
        </li>
      ))}
    </ul>
  );
}

function SocialIcon({ site }: { site: SocialSite }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {ICONS[site]}
    </svg>
  );
}

/* Simple line drawings in the same weight, so the row reads as one set on any brand colour. */
const ICONS: Record<SocialSite, ReactNode> = {
  facebook: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="4.5" />
      <path d="M15.5 7.5H14a2.5 2.5 0 0 0-2.5 2.5v11" />
      <path d="M9 13h6" />
    </>
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10.5V17" />
      <circle cx="8" cy="7.3" r="0.6" fill="currentColor" />
      <path d="M11.5 17v-6.5M11.5 13.5a2.75 2.75 0 0 1 5.5 0V17" />
    </>
  ),
  pinterest: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M10.2 20.5 12 12.5" />
      <path d="M11.1 16.4c2.9.6 5.2-1.5 5.2-4.5a4.3 4.3 0 0 0-8.6 0c0 1 .3 1.8.8 2.3" />
    </>
  ),
  tiktok: (
    <>
      <path d="M13.5 3v11.75a3.25 3.25 0 1 1-3.25-3.25" />
      <path d="M13.5 3c.4 2.7 2.3 4.5 5 4.7" />
    </>
  ),
  x: (
    <>
      <path d="M4.5 4h4l11 16h-4z" />
      <path d="M19.5 4l-6.4 7.3M10.9 12.7 4.5 20" />
    </>
  ),
  youtube: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="4" />
      <path d="M10.25 9.5v5l4.25-2.5z" fill="currentColor" />
    </>
  ),
};

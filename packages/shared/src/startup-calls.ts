import { HOME_PAGE_SIZE } from './constants.ts';
import { accountEndpoints } from './endpoints/accounts.ts';
import { companyEndpoints } from './endpoints/company.ts';
import { homeEndpoints } from './endpoints/home.ts';
import { GUARDIAN_ROLES, roleAllows, type FamilyRole } from './family-roles.ts';

/** The role a `ROLE_COOKIE` names, when it names one. */
export function roleOfCookie(value: string | undefined): FamilyRole | undefined {
  return GUARDIAN_ROLES.find((r) => r === value);
}

/**
 * The GET calls the portal makes as it starts, by what the browser holds: with a company
 * session, the company's configuration; with a customer session too, who is signed in and their
 * sign-in actions; and on the signed-in home, the first page of each of its lists. The server
 * names them in the page it serves (`<link rel="preload">`), so the browser asks for them while
 * the scripts download; the web app takes those answers for its first call of each (lib/api-client.ts).
 * Exact URLs, query order included: a preload is only used by a request for the same URL.
 */
export const startupCalls = {
  company: [companyEndpoints.config.path],
  customer: [accountEndpoints.session.path, accountEndpoints.signInActions.path],
  byPage: {
    '/hub/company': [homeEndpoints.upcomingClasses, homeEndpoints.outstandingInvoices],
  } as Record<string, readonly (typeof homeEndpoints)[keyof typeof homeEndpoints][]>,
} as const;

const normalise = (pathname: string) => (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname);

/**
 * The page's word that the browser carries no company session (no company cookie of a token's
 * shape): get-config could only answer 401 "choose a company", so the portal's start-up call is
 * not made and the landing shows the company choice at once (issue 6: no failing call, no console
 * error on the landing). The server writes it as `<meta name="…" content="none">`.
 */
export const NO_COMPANY_META = 'portal-company';

/**
 * The startup calls for a page request, given which session cookies it carries and, for an
 * invited guardian, the role their sign-in left in a cookie (`ROLE_COOKIE`, decision 101): a list
 * the role may not read is not asked for.
 */
export function startupCallsFor(pathname: string, sessions: { company: boolean; customer: boolean; role?: FamilyRole | undefined; actionsPending?: boolean }): string[] {
  if (!sessions.company) return [];
  if (!sessions.customer) return [...startupCalls.company];
  // With sign-in actions queued the lists would be refused (403): the portal shows the actions first.
  if (sessions.actionsPending) return [...startupCalls.company, ...startupCalls.customer];
  const lists = (startupCalls.byPage[normalise(pathname)] ?? []).filter((e) => roleAllows(sessions.role, e)).map((e) => `${e.path}?page=1&limit=${HOME_PAGE_SIZE}`);
  return [...startupCalls.company, ...startupCalls.customer, ...lists];
}

/** A hint, not a credential: the role of the guardian signed in on this browser, for the page's preloads alone. */
export const ROLE_COOKIE = 'portal_role';

/**
 * A hint, not a credential: `pending` while the signed-in customer has sign-in actions queued, so
 * the page names none of the calls the server refuses meanwhile. Kept in step by every customer call.
 */
export const ACTIONS_COOKIE = 'portal_actions';

/**
 * A hint, not a credential: the company's card processor loads its own script in the page
 * (`stripe`), so the page's content security policy opens that processor's origins and no
 * others (decision 103). Set by the company's configuration answer, read by the page.
 */
export const PAY_COOKIE = 'portal_pay';
/** The meta tag a page carries when its policy opens the processor's origins (`content="stripe"`). */
export const PAY_META = 'portal-pay';

/**
 * The first screens whose script the page names as module preloads, by the same rule (no
 * database read): with no company session, /hub is the landing (company choice and sign-in);
 * with a customer session, the signed-in home is the portal frame and the home. The web build
 * lists each screen's files (apps/web/scripts/first-screen-chunks.mjs), so the browser fetches
 * them with the entry instead of after the entry has run and the router has matched.
 */
export const startupScreens = {
  guest: { '/hub': ['landing'] } as Record<string, readonly string[]>,
  customer: { '/hub/company': ['portal-frame', 'home'] } as Record<string, readonly string[]>,
} as const;

/** The first screens for a page request, given which session cookies it carries. */
export function startupScreensFor(pathname: string, sessions: { company: boolean; customer: boolean }): string[] {
  if (!sessions.company) return [...(startupScreens.guest[normalise(pathname)] ?? [])];
  if (!sessions.customer) return [];
  return [...(startupScreens.customer[normalise(pathname)] ?? [])];
}

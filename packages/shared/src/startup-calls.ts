import { HOME_PAGE_SIZE } from './constants.ts';

/**
 * The GET calls the portal makes as it starts, by what the browser holds: with a company
 * session, the company's configuration; with a customer session too, who is signed in and their
 * sign-in actions; and on the signed-in home, the first page of each of its lists. The server
 * names them in the page it serves (`<link rel="preload">`), so the browser asks for them while
 * the scripts download; the web app takes those answers for its first call of each (lib/api-client.ts).
 * Exact URLs, query order included: a preload is only used by a request for the same URL.
 */
export const startupCalls = {
  company: ['/api/company/get-config'],
  customer: ['/api/customer/me', '/api/customer/get-sign-in-actions'],
  byPage: {
    '/hub/company': [`/api/home/get-upcoming-classes?page=1&limit=${HOME_PAGE_SIZE}`, `/api/home/get-outstanding-invoices?page=1&limit=${HOME_PAGE_SIZE}`],
  } as Record<string, readonly string[]>,
} as const;

/** The startup calls for a page request, given which session cookies it carries. */
export function startupCallsFor(pathname: string, sessions: { company: boolean; customer: boolean }): string[] {
  if (!sessions.company) return [];
  if (!sessions.customer) return [...startupCalls.company];
  const normalised = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return [...startupCalls.company, ...startupCalls.customer, ...(startupCalls.byPage[normalised] ?? [])];
}

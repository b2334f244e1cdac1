/** Host prefixes the portal is served under (D1 §9); '2' hosts serve UK companies. */
export const HUB_HOST_PREFIXES = ['hub', 'hub2', 'stg-hub', 'stg-hub2', 'dev-hub', 'dev-hub2'] as const;

function isUk(serverLocation: string | null | undefined): boolean {
  const value = (serverLocation ?? '').trim().toUpperCase();
  return value === 'UK' || value === 'GB';
}

/**
 * The host a company should be served from (C16): UK companies on the '2' variant,
 * everyone else on the plain one. Returns null when no move is needed or the host is not
 * one of ours (localhost, a custom domain), so those are never redirected.
 */
export function targetHubHost(hostname: string, serverLocation: string | null | undefined): string | null {
  const dot = hostname.indexOf('.');
  if (dot <= 0) return null;
  const label = hostname.slice(0, dot).toLowerCase();
  const rest = hostname.slice(dot);
  if (!(HUB_HOST_PREFIXES as readonly string[]).includes(label)) return null;
  const onUkHost = label.endsWith('2');
  if (isUk(serverLocation) && !onUkHost) return `${label}2${rest}`;
  if (!isUk(serverLocation) && onUkHost) return `${label.slice(0, -1)}${rest}`;
  return null;
}

/** The full address to move to (same path, query and hash), or null to stay. */
export function hubRedirectUrl(location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash'>, serverLocation: string | null | undefined): string | null {
  const host = targetHubHost(location.hostname, serverLocation);
  if (!host) return null;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${host}${port}${location.pathname}${location.search}${location.hash}`;
}

/**
 * The `to` query may only point inside this site: an absolute URL or "//host" would turn
 * the login page into an open redirect.
 */
export function safeInternalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

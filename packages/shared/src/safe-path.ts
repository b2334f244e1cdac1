/**
 * Whether a redirect target (`to`, `server_redirect`) stays on this site: a path starting with a
 * single "/", no "//" or "/\" (another host to a browser), no backslash, and no control
 * character (browsers drop tab and newline inside URLs, so "/\t/evil.example" becomes
 * "//evil.example").
 */
export function isSafeInternalPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return !/[\\\u0000-\u001f\u007f]/.test(value);
}

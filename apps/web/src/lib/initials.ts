/**
 * A name's initials for an avatar: its first and last words' first letters ("Ella Mitchell": EM).
 * A label after a dash is not part of the name ("Olivia Carter – Business account": OC, not OA).
 */
export function initials(name: string): string {
  const parts = (name.split(/\s+[–—-]\s+/)[0] ?? '').trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

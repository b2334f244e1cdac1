import { useLocation } from 'react-router';

/** The current path without a trailing slash: /hub/ and /hub are one page to the shell's rules. */
export function usePathname(): string {
  const { pathname } = useLocation();
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

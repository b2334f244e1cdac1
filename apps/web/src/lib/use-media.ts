import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '@portal/shared/constants';

/**
 * In em, as CSS's breakpoints are (rem): 640 px at the browser's default text size, and wider as
 * the text is set larger, so the script's layout and the stylesheet's switch together.
 */
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH / 16}em)`;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: 640 px wide or less (the spec's mobile breakpoint). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}

import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '@portal/shared/constants';

const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

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

import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The lists whose searches are remembered (D1 §4, I13): each keeps its own five. */
export type RecentSearchList = 'invoices' | 'balanceHistory';
export const RECENT_SEARCH_LIMIT = 5;

interface RecentSearchesState {
  lists: Record<RecentSearchList, string[]>;
  /** Newest first; a repeated term moves to the front instead of appearing twice. */
  remember: (list: RecentSearchList, term: string) => void;
}

export function withRecent(terms: string[], term: string): string[] {
  const t = term.trim();
  if (!t) return terms;
  return [t, ...terms.filter((x) => x.toLowerCase() !== t.toLowerCase())].slice(0, RECENT_SEARCH_LIMIT);
}

export const useRecentSearches = create<RecentSearchesState>()(
  persist(
    (set) => ({
      lists: { invoices: [], balanceHistory: [] },
      remember: (list, term) => set((s) => ({ lists: { ...s.lists, [list]: withRecent(s.lists[list], term) } })),
    }),
    { name: 'portal-recent-searches' },
  ),
);

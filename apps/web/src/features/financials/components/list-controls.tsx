import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ArrowDownWideNarrowIcon, ArrowUpNarrowWideIcon, HistoryIcon, SearchIcon, XIcon } from 'lucide-react';
import type { SortOrder } from '@portal/shared/financials-schemas';
import { Button } from '@/components/ui/button';
import { useRecentSearches, type RecentSearchList } from '@/lib/recent-searches-store';

/**
 * The list's search, date order and page, kept in the address (?q=, ?sort=asc, ?page=). A search
 * or another page is a step of the browser's history (Back returns to the page before, as on any
 * site); a new date order takes the place of the one it changes.
 */
export function useListParams(
  /** The order the list opens in: the newest first for what happened, the soonest first for what is to come. */
  initialSort: SortOrder = 'desc',
) {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const asked = params.get('sort');
  const sort: SortOrder = asked === 'asc' || asked === 'desc' ? asked : initialSort;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (next: { q?: string; sort?: SortOrder; page?: number }) =>
    setParams(
      (current) => {
        const u = new URLSearchParams(current);
        const set = (k: string, v: string | undefined, fallback: string) => (v === undefined ? undefined : v === fallback ? u.delete(k) : u.set(k, v));
        set('q', next.q, '');
        set('sort', next.sort, initialSort);
        set('page', next.page === undefined ? undefined : String(next.page), '1');
        return u;
      },
      { replace: next.q === undefined && next.sort !== undefined },
    );
  return { search, sort, page, update };
}

/**
 * Search with the five most recent searches of this list (I13). `value` is the address's term:
 * the box follows it when it changes another way (Back, a link), but not when it is the echo of
 * the box's own last search, which on a busy phone can arrive after the next term is typed.
 */
export function SearchBox({ list, value, onSearch, label }: { list: RecentSearchList; value: string; onSearch: (term: string) => void; label: string }) {
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  const [sent, setSent] = useState<string | undefined>(undefined);
  if (value !== followed) {
    setFollowed(value);
    if (value === sent) setSent(undefined);
    else setDraft(value);
  }
  const recent = useRecentSearches((s) => s.lists[list]);
  const remember = useRecentSearches((s) => s.remember);
  const id = useId();

  function run(term: string) {
    const t = term.trim();
    setDraft(t);
    setSent(t);
    if (t) remember(list, t);
    onSearch(t);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    run(draft);
  }

  return (
    <div className="min-w-0 flex-1 basis-full sm:basis-0">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <div className="relative min-w-0 flex-1">
          <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <input
            id={id}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={label}
            maxLength={100}
            className="h-11 w-full rounded-button border [&::-webkit-search-cancel-button]:appearance-none border-line-strong bg-surface pr-9 pl-9 text-sm text-ink shadow-sm placeholder:text-muted focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
          />
          {draft ? (
            <button
              type="button"
              onClick={() => run('')}
              className="absolute top-1/2 right-2 grid size-7 -translate-y-1/2 place-items-center rounded-full text-muted hover:bg-surface-muted hover:text-ink"
              aria-label="Clear search"
            >
              <XIcon className="size-4" />
            </button>
          ) : null}
        </div>
        <Button type="submit">Search</Button>
      </form>
      {recent.length > 0 ? (
        <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
          <span className="inline-flex items-center gap-1 text-muted">
            <HistoryIcon aria-hidden="true" className="size-3.5" /> Recent searches:
          </span>
          <ul className="contents" aria-label="Recent searches">
            {recent.map((term) => (
              <li key={term} className="min-w-0 max-w-full">
                <button
                  type="button"
                  onClick={() => run(term)}
                  title={term}
                  className="block max-w-full truncate rounded-full border border-line bg-surface px-2.5 py-1 font-medium text-ink-soft hover:border-brand-600 hover:text-ink"
                >
                  {term}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Date order toggle (I12): newest first by default. */
/** The toggle's words: of what happened (newest, oldest), or of what is to come (latest, soonest). */
const ORDER_WORDS = {
  past: { desc: 'Newest first', asc: 'Oldest first' },
  ahead: { desc: 'Latest first', asc: 'Soonest first' },
} as const;

export function SortToggle({ sort, onChange, dates = 'past' }: { sort: SortOrder; onChange: (sort: SortOrder) => void; dates?: keyof typeof ORDER_WORDS }) {
  const next = sort === 'desc' ? 'asc' : 'desc';
  const words = ORDER_WORDS[dates];
  return (
    <Button variant="secondary" onClick={() => onChange(next)} aria-label={`Date: ${words[sort].toLowerCase()}. Show ${words[next].toLowerCase()}`}>
      {sort === 'desc' ? <ArrowDownWideNarrowIcon aria-hidden="true" /> : <ArrowUpNarrowWideIcon aria-hidden="true" />}
      <span>{words[sort]}</span>
    </Button>
  );
}

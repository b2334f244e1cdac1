import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { CakeIcon, CalendarDaysIcon, MapPinIcon, SearchXIcon, SlidersHorizontalIcon, UserIcon, UsersIcon } from 'lucide-react';
import { agesText, CLASS_PAGE_SIZE, CLASS_SORTS, type ClassSearch as ClassSearchBody, type ClassSort, type ClassSummary, type TimeOfDay } from '@portal/shared/class-schemas';
import { MultiSelectField } from '@/components/forms/multi-select-field';
import { SelectField } from '@/components/forms/select-field';
import { Button } from '@/components/ui/button';
import { EmptyState, ListLoading, QueryError } from '@/components/ui/list-states';
import { Pager } from '@/components/ui/pager';

import { classWhenOn } from '@/lib/class-format';
import { useClassFields } from '@/entities/classes/get-class-fields';
import { useClassSearch } from '@/entities/classes/search-classes';
import { cn } from '@/lib/cn';
import { useConfig } from '@/entities/company/get-company-config';
import { formatMoney } from '@/lib/format';
import { coachLabel, courtLabel, courtName } from '@/lib/labels';

/** The sorts as the filter names them; Staff sorts by who teaches, in the company's word for them (C10). */
const sortLabels = (coach: string): Record<ClassSort, string> => ({
  ClassCountAndPrice: 'Class size and price',
  ClassDayAndTime: 'Day and time',
  Venue: 'Venue',
  Staff: coach,
});

type Filters = Pick<Required<ClassSearchBody>, 'venues' | 'lesson_formats' | 'standards' | 'days' | 'times_of_day'>;
const NO_FILTERS: Filters = { venues: [], lesson_formats: [], standards: [], days: [], times_of_day: [] };

/**
 * The class search of a registration profile (F9–F14): filters, sort, the class cards and their
 * pages. The hub's Add Enrollments page and the online registration's class step both show it;
 * each puts its own button on a card. It sizes itself to its container, so it fits a page as
 * well as the registration's card.
 */
export function ClassSearch({
  profileId,
  age = null,
  leadingFilter,
  action,
  heldFor = () => null,
  onResults,
}: {
  profileId: number;
  /** Classes whose age band leaves this age out are not shown; a new age starts again at page 1. */
  age?: number | null;
  /** A first filter before the venues (the hub's student picker). */
  leadingFilter?: ReactNode;
  /** The card's button (add, join the waitlist, or what the page offers). */
  action: (cls: ClassSummary) => ReactNode;
  /** A full class whose place is held for one of this family's children (a waitlist offer, or its own cart): the child's name, said instead of "Class full". */
  heldFor?: (cls: ClassSummary) => string | null;
  /** Each page of classes as the server answers it (its places as they are now); a stable function. */
  onResults?: (classes: readonly ClassSummary[]) => void;
}) {
  const config = useConfig();
  const fields = useClassFields(profileId);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<ClassSort>('ClassDayAndTime');
  // The page belongs to the age it was turned for: another age starts at page 1.
  const [paging, setPaging] = useState({ page: 1, age });
  const page = paging.age === age ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, age });
  // On a narrow screen the filters fold away under one button so the classes come first.
  const [filtersOpen, setFiltersOpen] = useState(false);

  const body: ClassSearchBody = useMemo(() => ({ ocr_profile_id: profileId, ...filters, sort, page, limit: CLASS_PAGE_SIZE, ...(age != null ? { age } : {}) }), [profileId, filters, sort, page, age]);
  const search = useClassSearch(body);
  const results = search.data?.classes;
  useEffect(() => {
    if (results) onResults?.(results);
  }, [results, onResults]);

  function setFilter<K extends keyof Filters>(key: K, value: Filters[K]) {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  }

  return (
    <div className="@container">
      {fields.isLoadingError ? <QueryError query={fields} /> : null}
      <Button
        variant="secondary"
        className="mb-3 @xl:hidden"
        aria-expanded={filtersOpen}
        aria-controls="class-filters"
        icon={<SlidersHorizontalIcon className="size-4" />}
        onClick={() => setFiltersOpen((o) => !o)}
      >
        {filtersOpen ? 'Hide filters' : 'Filters and sort'}
      </Button>
      <section
        id="class-filters"
        aria-label="Filters"
        className={cn('mb-6 gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm @xl:grid @xl:grid-cols-2 @4xl:grid-cols-4', filtersOpen ? 'grid' : 'hidden')}
      >
        {leadingFilter}
        <MultiSelectField
          label="Venues"
          options={(fields.data?.venues ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={filters.venues}
          onChange={(v) => setFilter('venues', v.map(Number))}
        />
        <MultiSelectField
          label="Lesson formats"
          options={(fields.data?.lesson_formats ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={filters.lesson_formats}
          onChange={(v) => setFilter('lesson_formats', v.map(Number))}
        />
        <MultiSelectField
          label={config.StandardName ? `${config.StandardName}s` : 'Standards'}
          options={(fields.data?.standards ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={filters.standards}
          onChange={(v) => setFilter('standards', v.map(Number))}
        />
        <MultiSelectField label="Days" options={(fields.data?.days ?? []).map((o) => ({ value: o.id, label: o.name }))} value={filters.days} onChange={(v) => setFilter('days', v.map(Number))} />
        <MultiSelectField
          label="Time of day"
          options={(fields.data?.times_of_day ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={filters.times_of_day}
          onChange={(v) => setFilter('times_of_day', v as TimeOfDay[])}
        />
        <SelectField
          label="Sort by"
          placeholder={null}
          value={sort}
          onChange={(e) => {
            setSort(e.target.value as ClassSort);
            setPage(1);
          }}
          options={CLASS_SORTS.map((s) => ({ value: s, label: sortLabels(coachLabel(config))[s] }))}
        />
      </section>

      {search.isPending ? (
        <ListLoading label="Loading classes" />
      ) : search.isLoadingError ? (
        <QueryError query={search} />
      ) : search.data.classes.length === 0 ? (
        <EmptyState icon={<SearchXIcon className="size-7" />} text="No classes match these filters." />
      ) : (
        <>
          <p className="mb-3 text-sm text-muted" aria-live="polite">
            {search.data.total} {search.data.total === 1 ? 'class' : 'classes'}
          </p>
          <ul className="grid gap-4 @2xl:grid-cols-2" aria-label="Classes">
            {search.data.classes.map((c) => (
              <ClassCard key={c.ClassID} cls={c} held={heldFor(c)} action={action(c)} />
            ))}
          </ul>
          <Pager page={page} current={search.data.current_page} total={search.data.total_pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

/** One class of the search: when, where, who teaches, how full, the price per session, and the page's button. */
function ClassCard({ cls: c, held, action }: { cls: ClassSummary; held: string | null; action: ReactNode }) {
  const config = useConfig();
  const coach = coachLabel(config);
  const id = useId();
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm" data-testid="class-result">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-name`} className="font-semibold text-ink">
            {c.Name}
          </h2>
          <p id={`${id}-when`} className="text-sm text-muted">
            {classWhenOn(c, config.classes_setup?.TimeDisplay, config.localization.DateFormat)} · {c.LessonFormat}
          </p>
        </div>
        <p className="shrink-0 text-right font-semibold text-ink">
          {formatMoney(c.Price, config.localization.CurrencySymbol)}
          <span className="block text-xs font-normal text-muted">per session</span>
        </p>
      </div>
      <dl className="grid grid-cols-1 gap-1 text-sm text-ink-soft @sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <MapPinIcon aria-hidden="true" className="size-4 text-muted" />
          <dt className="sr-only">{c.Court ? `Venue and ${courtLabel(config).toLowerCase()}` : 'Venue'}</dt>
          <dd>
            {c.Venue}
            {c.Court ? ` · ${courtName(config, c.Court)}` : ''}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <UserIcon aria-hidden="true" className="size-4 text-muted" />
          <dt className="text-muted">{coach}:</dt>
          <dd>{c.Staff || '—'}</dd>
        </div>
        <div className="flex items-center gap-2">
          <UsersIcon aria-hidden="true" className="size-4 text-muted" />
          <dt className="sr-only">Class size</dt>
          <dd>
            {c.ClassCount} / {c.Capacity} enrolled{c.Standard ? ` · ${c.Standard}` : ''}
          </dd>
        </div>
        {c.MinAge != null || c.MaxAge != null ? (
          <div className="flex items-center gap-2">
            <CakeIcon aria-hidden="true" className="size-4 text-muted" />
            <dt className="sr-only">Ages</dt>
            <dd>{agesText(c.MinAge, c.MaxAge).replace(/^a/, 'A')}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2">
          <CalendarDaysIcon aria-hidden="true" className="size-4 text-muted" />
          <dt className="sr-only">Sessions left</dt>
          <dd>{c.dates.length} sessions left</dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-3">
        {held ? (
          <span className="rounded-full bg-success-surface px-2.5 py-1 text-xs font-semibold text-success">A place is held for {held}</span>
        ) : c.IsFull ? (
          <span className="rounded-full bg-danger-surface px-2.5 py-1 text-xs font-semibold text-danger">Class full</span>
        ) : (
          <span className="rounded-full bg-success-surface px-2.5 py-1 text-xs font-semibold text-success">
            {c.PlacesLeft} {c.PlacesLeft === 1 ? 'place' : 'places'} left
          </span>
        )}
        {/* Named by its class: the focus on one of many "Add to cart" buttons says which class it is in. */}
        <div role="group" aria-labelledby={`${id}-name ${id}-when`}>
          {action}
        </div>
      </div>
    </li>
  );
}

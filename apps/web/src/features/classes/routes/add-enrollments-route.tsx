import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CalendarDaysIcon, MapPinIcon, SearchXIcon, SlidersHorizontalIcon, UserIcon, UsersIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { CLASS_SORTS, CLASS_PAGE_SIZE, type ClassSearch, type ClassSort, type ClassSummary, type TimeOfDay } from '@portal/shared/class-schemas';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ListError, ListLoading } from '@/components/ui/list-states';
import { MultiSelectField } from '@/components/forms/multi-select-field';
import { SelectField } from '@/components/forms/select-field';
import { paths } from '@/config/paths';
import { useConfig } from '@/lib/company-config';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { studentTerm } from '@/lib/branding';
import { useClassFields, useClassSearch, useOcrProfile } from '../api/search-classes';
import { useClassStudents } from '../api/get-students';
import { AddToCartModal } from '../components/add-to-cart-modal';
import { classDuration, classTime, dayName } from '../lib/class-format';

const SORT_LABELS: Record<ClassSort, string> = {
  ClassCountAndPrice: 'Class size and price',
  ClassDayAndTime: 'Day and time',
  Venue: 'Venue',
  Staff: 'Staff',
};

/** /hub/classes/add-enrollments/{ocrProfileId} (F9–F13): find a class and add it to the cart. */
export default function AddEnrollmentsRoute() {
  const profileId = Number(useParams().ocrProfileId);
  const config = useConfig();
  const profile = useOcrProfile(profileId);
  const fields = useClassFields(profileId);
  const students = useClassStudents();
  const [studentId, setStudentId] = useState<number | null>(null);
  const [filters, setFilters] = useState({ venues: [] as number[], lesson_formats: [] as number[], standards: [] as number[], days: [] as number[], times_of_day: [] as TimeOfDay[] });
  const [sort, setSort] = useState<ClassSort>('ClassDayAndTime');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ClassSummary | null>(null);
  // On a phone the filters fold away under one button so the classes come first.
  const [filtersOpen, setFiltersOpen] = useState(false);

  const student = students.data?.students.find((s) => s.StudentID === studentId) ?? null;
  const body: ClassSearch = useMemo(
    () => ({ ocr_profile_id: profileId, ...filters, sort, page, limit: CLASS_PAGE_SIZE, ...(student?.Age != null ? { age: student.Age } : {}) }),
    [profileId, filters, sort, page, student],
  );
  const search = useClassSearch(body);
  const term = studentTerm(config);
  const display = config.classes_setup?.TimeDisplay;

  function setFilter<K extends keyof typeof filters>(key: K, value: (typeof filters)[K]) {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  }

  const title = profile.data?.profile.DisplayName ?? 'Add Enrolments';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title={title} description={profile.data?.profile.RegistrationText || 'Choose filters to find a class, then add it to your cart.'} />
      {fields.isError ? <ListError message={errorMessage(fields.error)} onRetry={() => void fields.refetch()} /> : null}
      <Button variant="secondary" className="mb-3 sm:hidden" aria-expanded={filtersOpen} aria-controls="class-filters" icon={<SlidersHorizontalIcon className="size-4" />} onClick={() => setFiltersOpen((o) => !o)}>
        {filtersOpen ? 'Hide filters' : 'Filters and sort'}
      </Button>
      <section
        id="class-filters"
        aria-label="Filters"
        className={cn('mb-6 gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:grid sm:grid-cols-2 lg:grid-cols-4', filtersOpen ? 'grid' : 'hidden')}
      >
        <SelectField
          label={term}
          placeholder={`Any ${term.toLowerCase()}`}
          value={studentId ?? ''}
          onChange={(e) => {
            setStudentId(e.target.value ? Number(e.target.value) : null);
            setPage(1);
          }}
          options={(students.data?.students ?? []).map((s) => ({ value: s.StudentID, label: `${s.FirstName} ${s.LastName}${s.Age != null ? ` (${s.Age})` : ''}` }))}
        />
        <MultiSelectField label="Venues" options={(fields.data?.venues ?? []).map((o) => ({ value: o.id, label: o.name }))} value={filters.venues} onChange={(v) => setFilter('venues', v.map(Number))} />
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
          options={CLASS_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        />
      </section>

      {search.isPending ? (
        <ListLoading label="Loading classes" />
      ) : search.isError ? (
        <ListError message={errorMessage(search.error)} onRetry={() => void search.refetch()} />
      ) : search.data.classes.length === 0 ? (
        <EmptyState icon={<SearchXIcon className="size-7" />} text="No classes match these filters." />
      ) : (
        <>
          <p className="mb-3 text-sm text-muted" aria-live="polite">
            {search.data.total} {search.data.total === 1 ? 'class' : 'classes'}
          </p>
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Classes">
            {search.data.classes.map((c) => (
              <li key={c.ClassID} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm" data-testid="class-result">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="font-semibold text-ink">{c.Name}</h2>
                    <p className="text-sm text-muted">
                      {dayName(c.Day)} {classTime(c.Time)}
                      {classDuration(c.Duration, display) ? ` · ${classDuration(c.Duration, display)}` : ''} · {c.LessonFormat}
                    </p>
                  </div>
                  <p className="shrink-0 text-right font-semibold text-ink">
                    {formatMoney(c.Price, config.localization.CurrencySymbol)}
                    <span className="block text-xs font-normal text-muted">per session</span>
                  </p>
                </div>
                <dl className="grid grid-cols-1 gap-1 text-sm text-ink-soft sm:grid-cols-2">
                  <div className="flex items-center gap-2">
                    <MapPinIcon aria-hidden="true" className="size-4 text-muted" />
                    <dt className="sr-only">Venue</dt>
                    <dd>
                      {c.Venue}
                      {c.Court ? `, ${c.Court}` : ''}
                    </dd>
                  </div>
                  <div className="flex items-center gap-2">
                    <UserIcon aria-hidden="true" className="size-4 text-muted" />
                    <dt className="sr-only">Staff</dt>
                    <dd>{c.Staff || '—'}</dd>
                  </div>
                  <div className="flex items-center gap-2">
                    <UsersIcon aria-hidden="true" className="size-4 text-muted" />
                    <dt className="sr-only">Class size</dt>
                    <dd>
                      {c.ClassCount} / {c.Capacity} enrolled{c.Standard ? ` · ${c.Standard}` : ''}
                    </dd>
                  </div>
                  <div className="flex items-center gap-2">
                    <CalendarDaysIcon aria-hidden="true" className="size-4 text-muted" />
                    <dt className="sr-only">Sessions left</dt>
                    <dd>{c.dates.length} sessions left</dd>
                  </div>
                </dl>
                <div className="mt-auto flex items-center justify-between gap-3">
                  {c.IsFull ? (
                    <span className="rounded-full bg-danger-surface px-2.5 py-1 text-xs font-semibold text-danger">Class full</span>
                  ) : (
                    <span className="rounded-full bg-success-surface px-2.5 py-1 text-xs font-semibold text-success">
                      {c.PlacesLeft} {c.PlacesLeft === 1 ? 'place' : 'places'} left
                    </span>
                  )}
                  <Button size="sm" variant={c.IsFull ? 'secondary' : 'primary'} onClick={() => setChosen(c)}>
                    {c.IsFull ? 'Join waitlist' : 'Add to cart'}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {search.data.total_pages > 1 ? (
            <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span className="text-sm text-muted">
                Page {search.data.current_page} of {search.data.total_pages}
              </span>
              <Button variant="secondary" size="sm" disabled={page >= search.data.total_pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
      <p className="mt-8 text-sm">
        <Link className="text-primary-ink underline-offset-4 hover:underline" to={paths.classes}>
          Back to Classes
        </Link>
      </p>
      {chosen ? (
        <AddToCartModal
          cls={chosen}
          ocrProfileId={profileId}
          allowCasual={fields.data?.AllowCasualEnrolments ?? false}
          students={students.data?.students ?? []}
          initialStudentId={studentId}
          onClose={() => setChosen(null)}
        />
      ) : null}
    </div>
  );
}

// The class search part of `npm run bench` (decision 023): Splash gets 5,000 generated classes
// (a term of weekly sessions each, across both venues, every lesson format, standard and day),
// and the search is measured with its default sort, with filters, and with each other sort.

export const BENCH_CLASSES = Number(process.env.BENCH_CLASSES ?? 5000);

const STAFF = ['Coach Priya', 'Coach Tom', 'Coach Ana', 'Coach Ben', 'Coach Lee', 'Coach Sam', 'Coach Mo', 'Coach Jo'];
const TIMES = ['07:00', '08:30', '09:30', '10:00', '11:00', '12:30', '15:30', '16:00', '16:30', '17:00', '17:30', '18:00'];

/** Splash's bundle with BENCH_CLASSES more classes; other bundles unchanged. */
export function withBenchClasses(bundle) {
  if (bundle.company.code !== 'SPLASH') return bundle;
  const venues = bundle.venues.map((v) => v.key);
  const formats = bundle.lesson_formats.map((f) => f.key);
  const standards = bundle.lists.standards.map((s) => s.name);
  const classes = Array.from({ length: BENCH_CLASSES }, (_, i) => ({
    key: `bench-${i}`,
    name: `Bench class ${i}`,
    lesson_format: formats[i % formats.length],
    venue: venues[i % venues.length],
    court: `Lane ${(i % 6) + 1}`,
    day_of_week: (i % 7) + 1,
    start_time: TIMES[i % TIMES.length],
    standard: standards[i % standards.length],
    staff: STAFF[i % STAFF.length],
    min_age: 3 + (i % 6),
    max_age: 9 + (i % 8),
    price_cents: 2000 + (i % 5) * 250,
    capacity: 4 + (i % 9),
    sessions: { weeks_before: 2, weeks_after: 10 },
  }));
  return { ...bundle, classes: [...(bundle.classes ?? []), ...classes] };
}

// Each request of the mixed row searches as one family might: a child's age (3–12), one of four
// sets of days, one of three times of day, page 1 or 2: 240 different searches.
const DAY_SETS = [
  [1, 3, 5],
  [2, 4],
  [6, 7],
  [1, 2, 3, 4, 5],
];
const TIMES_OF_DAY = [['morning'], ['afternoon'], ['afternoon', 'evening']];
const familySearch = (i) =>
  JSON.stringify({ page: 1 + (Math.floor(i / 120) % 2), limit: 20, age: 3 + (i % 10), days: DAY_SETS[Math.floor(i / 10) % 4], times_of_day: TIMES_OF_DAY[Math.floor(i / 40) % 3] });

const search = (body) => ({ method: 'POST', body: JSON.stringify({ page: 1, limit: 20, ...body }) });

/** Rows measured on Splash's customers only (the company with the 5,000 classes). */
export const CLASS_ROWS = [
  { name: `class search (${BENCH_CLASSES} classes), day and time, page 1`, url: '/api/classes', opts: search({}), area: 'classes' },
  { name: 'class search, page 100', url: '/api/classes', opts: search({ page: 100 }), area: 'classes' },
  { name: 'class search, ClassCountAndPrice', url: '/api/classes', opts: search({ sort: 'ClassCountAndPrice' }), area: 'classes' },
  { name: 'class search, Venue', url: '/api/classes', opts: search({ sort: 'Venue' }), area: 'classes' },
  { name: 'class search, Staff', url: '/api/classes', opts: search({ sort: 'Staff' }), area: 'classes' },
  {
    name: 'class search, filtered (days, time of day, age, dates)',
    url: '/api/classes',
    opts: search({ days: [2, 4, 6], times_of_day: ['afternoon', 'evening'], age: 8, date_from: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10) }),
    area: 'classes',
  },
  { name: 'class search, each family its own (240 different searches)', url: '/api/classes', opts: { method: 'POST', bodyFor: familySearch }, area: 'classes' },
];

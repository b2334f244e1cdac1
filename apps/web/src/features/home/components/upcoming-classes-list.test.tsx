// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { UpcomingClass } from '@portal/shared/home-schemas';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { UpcomingClassesList } from './upcoming-classes-list';

const config = {
  StudentTerm: 'Swimmer',
  localization: { DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', CourtLabel: 'Lane' },
} as unknown as CompanyConfig;

const item: UpcomingClass = {
  date: '2030-03-04T16:30',
  student_name: 'Mia Carter',
  lesson_format_id: 1,
  lesson_format: 'Group lesson',
  venue_id: 1,
  venue: 'North Pool',
  court: 'Lane 2',
  profile_picture: null,
  student_id: 100,
  class_id: 200,
  session_id: 300,
  standard: 'Dolphin',
  kind: 'term',
  absent: false,
};

function renderList(mobile: boolean, items: UpcomingClass[] = [item]) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: mobile, media: query, addEventListener() {}, removeEventListener() {} }));
  const client = new QueryClient();
  client.setQueryData(companyConfigQueryOptions.queryKey, config);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UpcomingClassesList items={items} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UpcomingClassesList: who and what (issue 25)', () => {
  it('desktop: the row names the class beside the student', () => {
    renderList(false);
    const row = screen.getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]!.textContent).toContain('Mia Carter');
    expect(cells[1]!.textContent).toContain('Dolphin');
  });

  it('phone: the closed card shows the class, the date and time, and the venue', () => {
    renderList(true);
    const card = screen.getByRole('list', { name: 'Upcoming classes' });
    const summary = within(card).getByRole('button');
    expect(summary.textContent).toContain('Mia Carter');
    expect(summary.textContent).toContain('Dolphin');
    expect(summary.textContent).toContain('04/03/2030');
    expect(summary.textContent).toContain('North Pool');
    // Wrapped, never cut with an ellipsis: a long venue's name would hide the lane after it.
    expect(within(summary).getByText('North Pool · Lane 2').className).not.toMatch(/truncate/);
  });

  it('phone: the summary line breaks between its parts, each an inline block, so not inside a time ("04:30 / PM") or a date unless the part alone is wider than the card', () => {
    renderList(true);
    const summary = within(screen.getByRole('list', { name: 'Upcoming classes' })).getByRole('button');
    const line = within(summary).getByText('04:30 PM').parentElement!;
    expect(line.textContent).toBe('Dolphin · Mon 04/03/2030 · 04:30 PM');
    expect([...line.children].map((part) => [part.textContent, part.className])).toEqual([
      ['Dolphin', 'inline-block'],
      ['Mon 04/03/2030', 'inline-block'],
      ['04:30 PM', 'inline-block'],
    ]);
  });

  it('a make-up or a casual visit says so beside the class; the term’s own sessions carry nothing', () => {
    const makeup = { ...item, session_id: 301, kind: 'makeup' as const };
    const casual = { ...item, session_id: 302, kind: 'casual' as const };
    renderList(true, [item, makeup, casual]);
    const [term, madeUp, visit] = within(screen.getByRole('list', { name: 'Upcoming classes' })).getAllByRole('button');
    expect(term!.textContent).not.toMatch(/Make-up|Casual/);
    expect(madeUp!.textContent).toContain('Dolphin · Make-up');
    expect(visit!.textContent).toContain('Dolphin · Casual');
    cleanup();
    renderList(false, [item, makeup]);
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell')[1]!.textContent).not.toContain('Make-up');
    expect(within(rows[2]!).getAllByRole('cell')[1]!.textContent).toContain('Dolphin · Make-up');
  });

  it('F5: a session the child is notified absent from is still listed, marked Absent as the Enrollments page marks it', () => {
    const missed = { ...item, session_id: 303, absent: true };
    renderList(false, [item, missed]);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).queryByText('Absent')).toBeNull();
    expect(within(rows[2]!).getByText('Absent')).toBeTruthy();
    cleanup();
    renderList(true, [item, missed]);
    const [coming, away] = within(screen.getByRole('list', { name: 'Upcoming classes' })).getAllByRole('button');
    expect(within(coming!).queryByText('Absent')).toBeNull();
    expect(within(away!).getByText('Absent')).toBeTruthy();
  });
});

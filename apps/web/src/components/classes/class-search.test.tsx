// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ClassFieldsAnswer, ClassSearchAnswer } from '@portal/shared/class-schemas';
import { classesTestConfig, TIME_DISPLAY_CASES } from '@/test/classes-config';
import { classSummary } from '@/test/registration-fixtures';
import { renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import { ClassSearch } from './class-search';

installMockServer();
afterEach(cleanup);

const fields: ClassFieldsAnswer = {
  venues: [],
  lesson_formats: [],
  standards: [],
  days: [],
  times_of_day: [],
  sorts: ['ClassCountAndPrice', 'ClassDayAndTime', 'Venue', 'Staff'],
  AllowCasualEnrolments: false,
  IncludeTemporaryEnrolmentsInCount: false,
};

function searchAnswers(court: string) {
  server.use(
    http.get<never, never, ClassFieldsAnswer>('/api/classes/get-class-fields', () => HttpResponse.json(fields)),
    http.post<never, never, ClassSearchAnswer>('/api/classes', () =>
      HttpResponse.json({ current_page: 1, total_pages: 1, total: 1, classes: [classSummary({ Duration: 90, Court: court, Staff: 'Jess Lee', Venue: 'Bondi Pool' })] }),
    ),
  );
}

describe('ClassSearch cards', () => {
  it('each card says the ages it is for, before a child is chosen; a class for any age says none', async () => {
    server.use(
      http.get<never, never, ClassFieldsAnswer>('/api/classes/get-class-fields', () => HttpResponse.json(fields)),
      http.post<never, never, ClassSearchAnswer>('/api/classes', () =>
        HttpResponse.json({
          current_page: 1,
          total_pages: 1,
          total: 4,
          classes: [
            classSummary({ ClassID: 1, Name: 'Starfish', MinAge: 3, MaxAge: 5, Standard: 'Starfish' }),
            classSummary({ ClassID: 2, Name: 'Seahorse', MinAge: 5, MaxAge: null }),
            classSummary({ ClassID: 3, Name: 'Parent and baby', MinAge: null, MaxAge: 2 }),
            classSummary({ ClassID: 4, Name: 'Adults', MinAge: null, MaxAge: null }),
          ],
        }),
      ),
    );
    renderRoute(<ClassSearch profileId={1} action={() => null} />, { url: '/', config: classesTestConfig('HoursAndMinutes') });
    const cards = await screen.findAllByTestId('class-result');
    const ages = cards.map((card) => within(card).queryByText(/^Ages /)?.textContent ?? null);
    expect(ages).toEqual(['Ages 3 to 5', 'Ages 5 and over', 'Ages up to 2', null]);
  });

  it('each card’s button is in a group named by its class and when it is on: one of many "Add to cart" says which class', async () => {
    searchAnswers('');
    renderRoute(<ClassSearch profileId={1} action={() => <button type="button">Add to cart</button>} />, { url: '/', config: classesTestConfig('HoursAndMinutes') });
    const card = await screen.findByTestId('class-result');
    const when = within(card).getByText(/ · Group$/).textContent!;
    const group = within(card).getByRole('group', { name: `${within(card).getByRole('heading').textContent} ${when}` });
    expect(within(group).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  it.each(TIME_DISPLAY_CASES)('C21, F14: under $display the card reads "$when"', async ({ display, when }) => {
    searchAnswers('');
    renderRoute(<ClassSearch profileId={1} action={() => null} />, { url: '/', config: classesTestConfig(display) });
    const card = await screen.findByTestId('class-result');
    expect(within(card).getByText(`${when} · Group`)).toBeTruthy();
  });

  it('C10: the teacher is named with CoachLabel and the court with CourtLabel; the sort by staff says the same word', async () => {
    searchAnswers('3');
    renderRoute(<ClassSearch profileId={1} action={() => null} />, { url: '/', config: classesTestConfig('HoursAndMinutes') });
    const card = await screen.findByTestId('class-result');
    expect(within(card).getByText('Instructor:').tagName).toBe('DT');
    expect(within(card).getByText('Jess Lee')).toBeTruthy();
    expect(within(card).getByText('Bondi Pool · Lane 3')).toBeTruthy();
    expect(within(card).queryByText(/Staff/)).toBeNull();
    const sort = screen.getByLabelText('Sort by');
    expect(within(sort).getByRole('option', { name: 'Instructor' }).getAttribute('value')).toBe('Staff');
  });

  it('C10, X19: without localization labels CoachText and CourtText name them; a court already named with the word is kept', async () => {
    searchAnswers('Court 2');
    const config = classesTestConfig('HoursAndMinutes', { CoachText: 'Teacher', CourtText: 'Court' });
    config.localization = { ...config.localization, CoachLabel: '', CourtLabel: '' };
    renderRoute(<ClassSearch profileId={1} action={() => null} />, { url: '/', config });
    const card = await screen.findByTestId('class-result');
    expect(within(card).getByText('Teacher:')).toBeTruthy();
    expect(within(card).getByText('Bondi Pool · Court 2')).toBeTruthy();
  });
});

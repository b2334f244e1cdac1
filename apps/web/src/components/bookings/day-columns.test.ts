import { describe, expect, it } from 'vitest';
import { dayColumns } from './day-columns';

/** The length of each row when `count` days fill rows of `columns`. */
const rows = (count: number, columns: number) => Array.from({ length: Math.ceil(count / columns) }, (_, i) => Math.min(columns, count - i * columns));

describe('the columns of the day picker', () => {
  it('one row when the days fit; otherwise even rows (14 days where 13 fit: 7 and 7, not 13 and 1)', () => {
    expect(dayColumns(14, 2000)).toBe(14);
    expect(rows(14, dayColumns(14, 976))).toEqual([7, 7]);
    expect(rows(30, dayColumns(30, 976))).toEqual([10, 10, 10]);
  });

  it('never leaves one day alone on a row, for any window of 2 to 365 days in any row from 560 to 1280 px wide (a phone swipes one row)', () => {
    const alone: string[] = [];
    for (let count = 2; count <= 365; count++) {
      for (let width = 560; width <= 1280; width += 4) {
        const lengths = rows(count, dayColumns(count, width));
        if (lengths.length > 1 && lengths.at(-1) === 1) alone.push(`${count} days in ${width} px`);
        if (lengths[0]! * 72 - 8 > width) alone.push(`${count} days in ${width} px: wider than the row`);
      }
    }
    expect(alone).toEqual([]);
  });
});

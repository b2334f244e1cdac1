import { describe, expect, it } from 'vitest';
import { multiSelectSummary } from './multi-select-summary';

describe('multiSelectSummary (S59, E21)', () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => `Item ${i + 1}`);
  it('shows up to two names, then two and a count, then a total from ten', () => {
    expect(multiSelectSummary([], 'Goals')).toBe('');
    expect(multiSelectSummary(['A'], 'Goals')).toBe('A');
    expect(multiSelectSummary(['A', 'B'], 'Goals')).toBe('A, B');
    expect(multiSelectSummary(['A', 'B', 'C'], 'Goals')).toBe('A, B +1');
    expect(multiSelectSummary(names(9), 'Goals')).toBe('Item 1, Item 2 +7');
    expect(multiSelectSummary(names(10), 'Medical Conditions')).toBe('10 Medical Conditions selected');
  });
});

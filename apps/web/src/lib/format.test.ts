import { describe, expect, it } from 'vitest';
import { formatBadge, formatMoney } from './format';

describe('formatMoney (C15)', () => {
  it('formats integer cents with the symbol and two decimals', () => {
    expect(formatMoney(1250, '$')).toBe('$12.50');
    expect(formatMoney(1250, '£')).toBe('£12.50');
    expect(formatMoney(123456, '$')).toBe('$1,234.56');
    expect(formatMoney(-500, '$')).toBe('-$5.00');
    expect(formatMoney(0, '$')).toBe('$0.00');
    expect(formatMoney(123456789, '$')).toBe('$1,234,567.89');
    expect(formatMoney(-100000, '€')).toBe('-€1,000.00');
    expect(formatMoney(7, '$')).toBe('$0.07');
    expect(formatMoney(12.6, '$')).toBe('$0.13');
    expect(formatMoney(null, '$')).toBe('$0.00');
  });
});

describe('formatBadge (B8)', () => {
  it('caps at 99+ from 100', () => {
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(1)).toBe('1');
  });
});

import { describe, expect, it } from 'vitest';
import { timeLeftText } from './countdown';

describe('timeLeftText', () => {
  it('reads minutes and seconds under an hour, hours under a day, and days beyond', () => {
    expect(timeLeftText(65_000)).toBe('01:05');
    expect(timeLeftText(64_001)).toBe('01:05');
    expect(timeLeftText(3_600_000)).toBe('01:00:00');
    expect(timeLeftText(86_400_000 + 3_723_000)).toBe('1 day 01:02:03');
    expect(timeLeftText(3 * 86_400_000)).toBe('3 days 00:00:00');
  });

  it('never reads below zero', () => {
    expect(timeLeftText(0)).toBe('00:00');
    expect(timeLeftText(-5_000)).toBe('00:00');
  });
});

import { describe, expect, it } from 'vitest';
import { timeLeftSpoken, timeLeftText } from './countdown';

describe('timeLeftText', () => {
  it('reads the time left in words, never as a clock time: minutes and seconds, hours, days', () => {
    expect(timeLeftText(587_000)).toBe('9 min 47 s');
    expect(timeLeftText(65_000)).toBe('1 min 5 s');
    expect(timeLeftText(64_001)).toBe('1 min 5 s');
    expect(timeLeftText(47_000)).toBe('47 s');
    expect(timeLeftText(600_000)).toBe('10 min');
    expect(timeLeftText(3_600_000)).toBe('1 h');
    expect(timeLeftText(86_400_000 + 3_723_000)).toBe('1 day 1 h 2 min 3 s');
    expect(timeLeftText(3 * 86_400_000)).toBe('3 days');
  });

  it('never reads below zero', () => {
    expect(timeLeftText(0)).toBe('0 s');
    expect(timeLeftText(-5_000)).toBe('0 s');
  });
});

describe('timeLeftSpoken', () => {
  it('spells the units out for a screen reader, one or many', () => {
    expect(timeLeftSpoken(587_000)).toBe('9 minutes 47 seconds');
    expect(timeLeftSpoken(61_000)).toBe('1 minute 1 second');
    expect(timeLeftSpoken(2 * 86_400_000 + 3_600_000)).toBe('2 days 1 hour');
    expect(timeLeftSpoken(0)).toBe('0 seconds');
  });
});

import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first and last words of the name, not of a label after a dash', () => {
    expect(initials('Ella Mitchell')).toBe('EM');
    expect(initials('Olivia Carter – Business account')).toBe('OC');
    expect(initials('Mary Anne Smith - Home')).toBe('MS');
    expect(initials('Noah')).toBe('N');
    expect(initials('  ')).toBe('?');
  });
});

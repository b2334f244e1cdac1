import { describe, expect, it } from 'vitest';
import { courtName } from './labels';

const config = (CourtText: string) => ({ localization: {}, CourtText }) as unknown as Parameters<typeof courtName>[0];

describe('courtName (C10)', () => {
  it('puts the company’s word before a bare name, and leaves a name that already has the word or its plural', () => {
    expect(courtName(config('Lane'), '3')).toBe('Lane 3');
    expect(courtName(config('Lane'), 'Lane 3')).toBe('Lane 3');
    expect(courtName(config('Lane'), 'lane')).toBe('lane');
    expect(courtName(config('Lane'), 'Lanes 5–6')).toBe('Lanes 5–6');
    expect(courtName(config('Court'), 'Centre court')).toBe('Court Centre court');
  });
});

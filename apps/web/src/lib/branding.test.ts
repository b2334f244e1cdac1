import { describe, expect, it } from 'vitest';
import { contrastWithWhite } from '@portal/shared/brand-shades';
import { buttonRadius, solidShade, studentTerm } from './branding';

describe('buttonRadius (C5)', () => {
  it('maps Sharp, SemiRound and Round, defaulting to 8px', () => {
    expect(buttonRadius('Sharp')).toBe('0px');
    expect(buttonRadius('SemiRound')).toBe('8px');
    expect(buttonRadius('Round')).toBe('16px');
    expect(buttonRadius(undefined)).toBe('8px');
    expect(buttonRadius('Wobbly')).toBe('8px');
  });
});

describe('solidShade', () => {
  it('keeps brand-600 when white text on it reaches 4.5:1', () => {
    expect(solidShade({ '600': '#2563eb', '700': '#1d4ed8' }).solid).toBe('var(--brand-600)');
  });
  it('steps to a darker shade for a pale palette', () => {
    expect(contrastWithWhite('#38bdf8')).toBeLessThan(4.5);
    expect(solidShade({ '600': '#38bdf8', '700': '#0369a1', '800': '#075985' }).solid).toBe('var(--brand-700)');
  });
});

describe('studentTerm (B4, C8)', () => {
  it('defaults to Student', () => {
    expect(studentTerm({ StudentTerm: '' })).toBe('Student');
    expect(studentTerm({ StudentTerm: 'Swimmer' })).toBe('Swimmer');
  });
});

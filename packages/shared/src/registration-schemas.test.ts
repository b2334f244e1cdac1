import { describe, expect, it } from 'vitest';
import { MAX } from './form-engine/value-rules.ts';
import { registrationQuoteRequestSchema } from './registration-schemas.ts';

describe('the new family’s quote', () => {
  it('takes each child’s name as the form allows it: a first and a last name of the most characters each', () => {
    const longest = `${'A'.repeat(MAX.name)} ${'B'.repeat(MAX.name)}`;
    expect(registrationQuoteRequestSchema.safeParse({ profile: 1, classes: [], students: [longest] }).success).toBe(true);
    expect(registrationQuoteRequestSchema.safeParse({ profile: 1, classes: [], students: [`${longest}C`] }).success).toBe(false);
  });
});

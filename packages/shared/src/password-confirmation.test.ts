import { describe, expect, it } from 'vitest';
import { newPasswordSchema, registerSchema } from './auth-schemas.ts';
import { messages as m } from './messages.ts';
import { changePasswordSchema } from './my-details-schemas.ts';

/** Decision 077: a confirmation that differs says so; the password's own rules show on the password. */
const forms = [
  ['set and reset', newPasswordSchema, {}],
  ['register', registerSchema, { first_name: 'Jo', last_name: 'Bennett', email: 'jo@example.com' }],
  ['change', changePasswordSchema, { current_password: 'Old#pass1' }],
] as const;

function messagesOf(schema: (typeof forms)[number][1], values: object) {
  const result = schema.safeParse(values);
  const issues = result.success ? [] : result.error.issues;
  const of = (field: string) => issues.filter((i) => i.path[0] === field).map((i) => i.message);
  return { password: of('password'), confirm: of('confirm_password') };
}

describe.each(forms)('the %s form', (_name, schema, rest) => {
  it('a confirmation that differs from a good password says they do not match, not its own complexity', () => {
    expect(messagesOf(schema, { ...rest, password: 'Secret12!', confirm_password: 'Secret12' })).toEqual({ password: [], confirm: [m.passwordsDoNotMatch] });
  });

  it('a weak password says what it lacks on its own field, and a confirmation that differs says they do not match', () => {
    expect(messagesOf(schema, { ...rest, password: 'secret12', confirm_password: 'secret13' })).toEqual({ password: [m.passwordComplexity], confirm: [m.passwordsDoNotMatch] });
  });

  it('X5: a confirmation equal to a weak password has the same rules in Confirm Password words', () => {
    expect(messagesOf(schema, { ...rest, password: 'secret12', confirm_password: 'secret12' }).confirm).toEqual([m.confirmComplexity]);
    expect(messagesOf(schema, { ...rest, password: 'ab1!', confirm_password: 'ab1!' }).confirm).toEqual([m.confirmMin]);
  });

  it('X5: a confirmation typed before any password is judged by its own rules', () => {
    expect(messagesOf(schema, { ...rest, password: '', confirm_password: 'ab1!' }).confirm).toEqual([m.confirmMin]);
  });

  it('X5: an empty confirmation is required first', () => {
    expect(messagesOf(schema, { ...rest, password: 'Secret12!', confirm_password: '' }).confirm).toEqual([m.confirmRequired]);
  });

  it('a matching good pair passes', () => {
    expect(schema.safeParse({ ...rest, password: 'Secret12!', confirm_password: 'Secret12!' }).success).toBe(true);
  });
});

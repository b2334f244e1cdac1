import { describe, expect, it } from 'vitest';
import { registerCodeFormSchema } from './auth-schemas.ts';
import { emailChangeCodeFormSchema } from './my-details-schemas.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

/** S17, S19: a mailed code is required and digits only, in every form that asks for one. */
describe.each([
  ['registration', registerCodeFormSchema],
  ['e-mail change', emailChangeCodeFormSchema],
])('the %s code box', (_, schema) => {
  it('blank is "Code is required"; letters are "Please enter valid numbers only"; six digits pass', () => {
    expect(messageOf(schema.safeParse({ email_code: '  ' }))).toBe('Code is required');
    expect(messageOf(schema.safeParse({ email_code: '12a' }))).toBe('Please enter valid numbers only');
    expect(messageOf(schema.safeParse({ email_code: '482913' }))).toBeNull();
  });
});

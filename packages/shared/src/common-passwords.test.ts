import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { changePasswordServerSchema, isCommonPassword, newPasswordServerSchema, registerServerSchema } from './common-passwords.ts';
import { newPasswordSchema } from './auth-schemas.ts';

const issues = (password: string) => {
  const parsed = newPasswordServerSchema.safeParse({ password, confirm_password: password });
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('password rules', () => {
  it.each(['Password1!', 'P@ssw0rd', 'Qwerty123!', 'Iloveyou1!', 'Abc123456!'])('%s is refused as too common', (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(issues(password)).toEqual([messages.passwordCommon]);
  });

  it('a password of its own passes', () => {
    expect(isCommonPassword('Portal#2026')).toBe(false);
    expect(issues('Tadpole-Lane#47')).toEqual([]);
  });

  it('a password over 128 characters gets the length message alone', () => {
    const long = `Aa1!${'x'.repeat(125)}`;
    expect(long).toHaveLength(129);
    const parsed = newPasswordSchema.safeParse({ password: long, confirm_password: long });
    expect(parsed.success).toBe(false);
    const byField = (field: string) => parsed.error?.issues.filter((i) => i.path[0] === field).map((i) => i.message);
    expect(byField('password')).toEqual([messages.passwordMax]);
    expect(byField('confirm_password')).toEqual([messages.confirmMax]);
  });

  it('every form that sets a password refuses a common one: registration, reset and change-password', () => {
    const password = 'Password1!';
    const refused = (parsed: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
      parsed.error?.issues.filter((i) => i.path[0] === 'password').map((i) => i.message);
    expect(refused(newPasswordServerSchema.safeParse({ password, confirm_password: password }))).toEqual([messages.passwordCommon]);
    expect(refused(registerServerSchema.safeParse({ first_name: 'Sam', last_name: 'Lee', email: 'someone@example.com', password, confirm_password: password }))).toContain(messages.passwordCommon);
    expect(refused(changePasswordServerSchema.safeParse({ current_password: 'Old#Pass2026', password, confirm_password: password }))).toEqual([messages.passwordCommon]);
  });
});

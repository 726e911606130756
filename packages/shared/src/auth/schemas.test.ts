import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './messages';
import { isTopCommonPassword, passwordSchema } from './password';
import {
  changePasswordFormSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  userSchema,
} from './schemas';

/** The first message of each field: the one a form shows. */
function messages(result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('passwordSchema', () => {
  it('accepts 8 to 128 characters', () => {
    expect(passwordSchema.safeParse('a'.repeat(7) + 'b').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
  });

  it('refuses short, long and common passwords with the contract messages', () => {
    expect(passwordSchema.safeParse('short1!').error?.issues[0]?.message).toBe(
      AUTH_MESSAGES.passwordTooShort,
    );
    expect(passwordSchema.safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe(
      AUTH_MESSAGES.passwordTooLong,
    );
    expect(passwordSchema.safeParse('PassWord').error?.issues[0]?.message).toBe(
      AUTH_MESSAGES.passwordTooCommon,
    );
  });

  it('checks the short list case-insensitively', () => {
    expect(isTopCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isTopCommonPassword('a long and unusual passphrase')).toBe(false);
  });
});

describe('loginSchema', () => {
  it('needs both fields, with the spec message', () => {
    for (const input of [{}, { email: 'a@b.c' }, { email: '  ', password: 'x' }, undefined]) {
      const result = loginSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(AUTH_MESSAGES.loginFieldsRequired);
    }
    expect(loginSchema.safeParse({ email: 'a@b.c', password: 'x' }).success).toBe(true);
  });
});

describe('registerSchema', () => {
  const valid = {
    name: '  Ayesha Khan ',
    email: ' Ayesha@Example.COM ',
    password: 'a long and unusual passphrase',
    DOB: '1991-02-03',
    phone: '+92 (300) 123-4567',
    timeZone: 'Asia/Karachi',
    token: 'abc',
  };

  it('normalises the name, e-mail and phone', () => {
    const data = registerSchema.parse(valid);
    expect(data).toMatchObject({
      name: 'Ayesha Khan',
      email: 'ayesha@example.com',
      phone: '+923001234567',
    });
    expect(registerSchema.parse({ ...valid, phone: '' }).phone).toBeUndefined();
    expect('role' in registerSchema.parse({ ...valid, role: 'admin' })).toBe(false);
  });

  it('gives one message per bad field', () => {
    const result = registerSchema.safeParse({
      ...valid,
      name: '',
      email: 'nope',
      DOB: '1990-02-30',
      timeZone: 'Nowhere/City',
      phone: '300',
      token: '',
    });
    expect(messages(result)).toMatchObject({
      name: AUTH_MESSAGES.nameRequired,
      email: AUTH_MESSAGES.emailInvalid,
      DOB: AUTH_MESSAGES.dobInvalid,
      timeZone: AUTH_MESSAGES.timeZoneInvalid,
      phone: AUTH_MESSAGES.phoneStart,
      token: AUTH_MESSAGES.challengeFailed,
    });
  });

  it('refuses a birth date in the future', () => {
    const result = registerSchema.safeParse({ ...valid, DOB: '2999-01-01' });
    expect(messages(result).DOB).toBe(AUTH_MESSAGES.dobOutOfRange);
  });
});

describe('resetPasswordSchema', () => {
  it('puts a mismatch under confirmPassword', () => {
    const result = resetPasswordSchema.safeParse({
      password: 'my new long password',
      confirmPassword: 'something else',
    });
    expect(messages(result)).toEqual({ confirmPassword: AUTH_MESSAGES.passwordsDoNotMatch });
  });
});

describe('profileUpdateSchema', () => {
  it('drops fields a user may not set, and needs the current password for a new one', () => {
    const data = profileUpdateSchema.parse({ name: 'X', role: 'admin', _id: 'y' });
    expect(data).toEqual({ name: 'X' });
    const result = profileUpdateSchema.safeParse({ newPassword: 'a brand new passphrase' });
    expect(messages(result)).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordRequired });
    expect(profileUpdateSchema.parse({ phone: '' }).phone).toBeNull();
    expect(profileUpdateSchema.parse({ phone: null }).phone).toBeNull();
  });
});

describe('userSchema', () => {
  it('has no place for a password', () => {
    expect(Object.keys(userSchema.shape)).not.toContain('password');
    expect(Object.keys(userSchema.shape)).not.toContain('passwordHash');
  });
});

describe('changePasswordFormSchema', () => {
  it('asks for the current password and puts a mismatch under confirmPassword', () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: '',
      newPassword: 'my new long password',
      confirmPassword: 'something else',
    });
    expect(messages(result)).toEqual({
      currentPassword: AUTH_MESSAGES.currentPasswordRequired,
      confirmPassword: AUTH_MESSAGES.passwordsDoNotMatch,
    });
  });

  it('accepts the same new password twice', () => {
    const input = {
      currentPassword: 'old password here',
      newPassword: 'my new long password',
      confirmPassword: 'my new long password',
    };
    expect(changePasswordFormSchema.safeParse(input).success).toBe(true);
  });
});

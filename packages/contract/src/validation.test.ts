import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  checkChangePassword,
  checkNewPassword,
  emailSchema,
  isValidCalendarDate,
  resetPasswordFormSchema,
  splitFullName,
} from './validation';

describe('email pattern', () => {
  it.each(['a@b.co', 'first.last@roam.travel'])('accepts %s', (email) => {
    expect(emailSchema.safeParse(email).success).toBe(true);
  });
  it.each(['', 'plain', 'a@b', 'a b@c.de', '@c.de'])('rejects %j with the spec message', (email) => {
    const result = emailSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.emailInvalid);
  });
});

describe('new password rules', () => {
  it('reports the first failing rule in the spec order', () => {
    expect(checkNewPassword('lower1@case')).toBe(MESSAGES.passwordCapital);
    expect(checkNewPassword('Nodigits@')).toBe(MESSAGES.passwordDigit);
    expect(checkNewPassword('Nospecial1')).toBe(MESSAGES.passwordSpecial);
    expect(checkNewPassword('Ab1@')).toBe(MESSAGES.passwordTooShort);
    expect(checkNewPassword('Caret^1234')).toBe(MESSAGES.weakPassword);
    expect(checkNewPassword('Strong@123')).toBeNull();
  });

  it('makes the reset form match the confirmation', () => {
    const result = resetPasswordFormSchema.safeParse({
      password: 'Strong@123',
      confirmPassword: 'Strong@124',
    });
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.passwordsMustMatch);
    expect(
      resetPasswordFormSchema.safeParse({ password: 'Strong@123', confirmPassword: 'Strong@123' }).success,
    ).toBe(true);
  });
});

describe('change password, checked in order', () => {
  const check = (currentPassword: string, newPassword: string, confirmPassword: string) =>
    checkChangePassword({ currentPassword, newPassword, confirmPassword });

  it('requires all three fields', () => {
    expect(check('', 'a', 'a')).toEqual({
      level: 'error',
      message: MESSAGES.required,
      field: 'currentPassword',
    });
    expect(check('a', 'b', '')?.field).toBe('confirmPassword');
  });
  it('first: new equals current is info', () => {
    expect(check('Same@1234', 'Same@1234', 'Other')).toEqual({
      level: 'info',
      message: MESSAGES.samePassword,
      field: 'newPassword',
    });
  });
  it('second: confirmation differs is an error, even for a weak password', () => {
    expect(check('Old@12345', 'weak', 'weaker')).toEqual({
      level: 'error',
      message: MESSAGES.confirmMismatch,
      field: 'confirmPassword',
    });
  });
  it('third: weak is info', () => {
    expect(check('Old@12345', 'weakpassword', 'weakpassword')).toEqual({
      level: 'info',
      message: MESSAGES.weakPassword,
      field: 'newPassword',
    });
    expect(check('Old@12345', 'Has space1@', 'Has space1@')).toEqual({
      level: 'info',
      message: MESSAGES.weakPassword,
      field: 'newPassword',
    });
  });
  it('passes a strong password', () => {
    expect(check('Old@12345', 'New@12345', 'New@12345')).toBeNull();
  });
});

describe('helpers', () => {
  it('splits a full name on the first space', () => {
    expect(splitFullName('  Ada  King Lovelace ')).toEqual({ fullname: 'Ada', lastname: 'King Lovelace' });
    expect(splitFullName('Cher')).toEqual({ fullname: 'Cher', lastname: '' });
  });
  it('accepts only real calendar dates', () => {
    expect(isValidCalendarDate('2024-02-29')).toBe(true);
    expect(isValidCalendarDate('2023-02-29')).toBe(false);
    expect(isValidCalendarDate('2024-13-45')).toBe(false);
    expect(isValidCalendarDate('24-1-1')).toBe(false);
  });
});

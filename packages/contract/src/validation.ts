import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { MESSAGES } from './messages';

/** SPEC §5: "a basic email pattern". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailSchema = lazySchema(() =>
  z.string().trim().max(254).regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
);

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Change-password strength (SPEC §5 rule 3): letters, digits and @$!%*#?& only, at least one of each. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[@$!%*#?&])[A-Za-z\d@$!%*#?&]{8,}$/;
/** The same rule in words, shown beside a new-password field (it says what 'Weak password' means). */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters: letters, at least one digit and one of @$!%*#?& (no other symbols or spaces)`;

/**
 * The rules a new password must meet, in order; returns the first failure's message or null.
 * One policy for reset and change (DESIGN §7 "Policy as SPEC §5, checked on the server too"):
 * the reset rules (capital, digit, special) plus the change rule's length and character set.
 */
export function checkNewPassword(password: string): string | null {
  if (!/[A-Z]/.test(password)) return MESSAGES.passwordCapital;
  if (!/\d/.test(password)) return MESSAGES.passwordDigit;
  if (!/[^A-Za-z\d]/.test(password)) return MESSAGES.passwordSpecial;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Your password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  if (!STRONG_PASSWORD_PATTERN.test(password)) return MESSAGES.weakPassword;
  return null;
}

export const newPasswordSchema = lazySchema(() =>
  z.string().superRefine((value, ctx) => {
    const failure = checkNewPassword(value);
    if (failure) ctx.addIssue({ code: 'custom', message: failure });
  }),
);

/** Reset password form (SPEC §5): rules on the new password, then the confirmation. */
export const resetPasswordFormSchema = lazySchema(() =>
  z
    .object({ password: newPasswordSchema, confirmPassword: z.string() })
    .refine((v) => v.password === v.confirmPassword, {
      message: MESSAGES.passwordsMustMatch,
      path: ['confirmPassword'],
    }),
);

/** A field of the change-password form. */
export type ChangePasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** A failed rule: its SPEC §5 level, its message and the field it is about (shown under it). */
export type ChangePasswordCheck = {
  level: 'info' | 'error';
  message: string;
  field: ChangePasswordField;
} | null;

/**
 * Change-password rules in the order SPEC §5 gives: (1) same as current -> info,
 * (2) confirmation differs -> error, (3) weak -> info. Then the reset rules (shared policy).
 */
export function checkChangePassword(input: Record<ChangePasswordField, string>): ChangePasswordCheck {
  const empty = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find(
    (field) => !input[field],
  );
  if (empty) return { level: 'error', message: MESSAGES.required, field: empty };
  if (input.newPassword === input.currentPassword)
    return { level: 'info', message: MESSAGES.samePassword, field: 'newPassword' };
  if (input.newPassword !== input.confirmPassword)
    return { level: 'error', message: MESSAGES.confirmMismatch, field: 'confirmPassword' };
  if (!STRONG_PASSWORD_PATTERN.test(input.newPassword))
    return { level: 'info', message: MESSAGES.weakPassword, field: 'newPassword' };
  const failure = checkNewPassword(input.newPassword);
  return failure ? { level: 'info', message: failure, field: 'newPassword' } : null;
}

/** Account edit (SPEC §5): full name and username required; full name split on a space. */
export const accountEditSchema = lazySchema(() =>
  z.object({
    fullname: z.string().trim().min(1, MESSAGES.fullNameRequired).max(120),
    username: z
      .string()
      .trim()
      .min(1, MESSAGES.usernameRequired)
      .max(60)
      .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dot, dash and underscore only'),
  }),
);

export function splitFullName(fullName: string): { fullname: string; lastname: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { fullname: first, lastname: rest.join(' ') };
}

export const AVATAR_MIME_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;
/** Uploads in general (DESIGN §7). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;

/** Date filters (SPEC §5): YYYY-MM-DD, no future dates, From strictly before To. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export function isValidCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Control characters other than tab and line breaks are refused in every text (DESIGN §7). A
 * carriage return is a line break: multipart bodies carry newlines as CRLF.
 */
export function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

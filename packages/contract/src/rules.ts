import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages';

/** Zod wants `{ error }`; our errors are message keys (see validation-messages.ts). */
const key = (k: ValidationMessageKey) => ({ error: k });

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;
/** Login accepts anything up to this; argon2 input is bounded so a huge body cannot burn CPU. */
export const LOGIN_PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;

/**
 * Row ids are PostgreSQL `integer`s: a larger number names no row, and PostgreSQL would refuse it
 * (a 500) rather than find nothing, so the schemas stop it first.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** An id from a query or body (form values arrive as text); not a positive integer ≤ MAX_ROW_ID is invalid. */
export const rowIdSchema = () =>
  z.coerce
    .number<number | string>(key('validation.invalid'))
    .int(key('validation.invalid'))
    .positive(key('validation.invalid'))
    .max(MAX_ROW_ID, key('validation.invalid'));

/** A required string: missing and empty both say 'Required'. */
export const requiredString = () => z.string(key('validation.required')).min(1, key('validation.required'));

/** docs/product.md#validation, email: trimmed and lower-cased so `A@x.io` and `a@x.io` are one account. */
export const emailSchema = requiredString()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, key('validation.tooLong'))
  .pipe(z.email(key('validation.email')));

/** The password typed at sign-in: only presence is checked (old accounts may predate a rule). */
export const loginPasswordSchema = z
  .string(key('validation.password'))
  .min(1, key('validation.password'))
  .max(LOGIN_PASSWORD_MAX, key('validation.tooLong'));

/** docs/product.md#passwords: 8-30 characters, at least one letter and one number. */
export const newPasswordSchema = z
  .string(key('validation.password'))
  .min(1, key('validation.password'))
  .refine(isStrongEnough, key('validation.newPassword'));

export function isStrongEnough(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /\p{L}/u.test(password) &&
    /\p{Nd}/u.test(password)
  );
}

/** Adds the 'confirm must equal password' rule to an object schema with both fields. */
export function withConfirmation<
  T extends z.ZodObject<{ password: z.ZodType<string>; confirm: z.ZodType<string> }>,
>(schema: T) {
  return schema.refine((v: { password: string; confirm: string }) => v.password === v.confirm, {
    ...key('validation.confirm'),
    path: ['confirm'],
  });
}

/** Single-use link tokens are base64url of 32 random bytes (43 chars); allow some slack. */
export const linkTokenSchema = requiredString().max(128, key('validation.invalid'));

/** Form fields that may be left empty: an empty value (or null) is "none". */
export const nullIfEmpty = (value: unknown) => (value === '' || value === null ? null : value);

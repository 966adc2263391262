import { z } from 'zod';
import { isCalendarDate } from '../traffic';

/**
 * Pieces every operator-console call shares (decision 029). Every console call is
 * `auth: 'operator'`: a signed-in person (a session, not the developer token) whose account is an
 * operator; the server checks it on every call and answers 10010 (403) to anyone else.
 */

export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** Why an operator changes something: required on every change, kept in the audit log. */
export const reasonSchema = z
  .string({ error: 'validation.reason' })
  .trim()
  .min(REASON_MIN, { error: 'validation.reason' })
  .max(REASON_MAX, { error: 'validation.reason' });

/** Console lists page like the portal's, with up to 100 rows a page. */
export const adminPageQuery = z.object({
  page: z.coerce.number<number | string>().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number<number | string>().int().min(1).max(100).default(20),
});

/** Free-text search of a console list: trimmed, empty means no search. */
export const searchText = z.string().trim().max(200, { error: 'validation.tooLong' }).optional();

/** An optional `YYYY-MM-DD` (UTC day) filter bound. */
export const optionalDate = z.string().refine(isCalendarDate, { error: 'validation.date' }).optional();

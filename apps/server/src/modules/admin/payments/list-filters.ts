import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../../db/database.types';

const DAY_MS = 86_400_000;

/** A case-insensitive "contains" pattern, with LIKE's own characters taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** UTC days `YYYY-MM-DD`, inclusive, as [from, to) instants. */
export function dayRange(start: string | undefined, end: string | undefined) {
  return {
    from: start ? new Date(`${start}T00:00:00Z`) : undefined,
    to: end ? new Date(new Date(`${end}T00:00:00Z`).getTime() + DAY_MS) : undefined,
  };
}

/** What both lists filter by, besides their own statuses. */
export interface CommonFilter {
  /** An email (part of it, any case) or an account id. */
  customer?: string | undefined;
  accountId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

type Aliased = Database & { a: Database['accounts'] };

/** The customer text: digits match the account id or the email; anything else, the email. */
export function customerMatches(eb: ExpressionBuilder<Aliased, 'a'>, customer: string): Expression<SqlBool> {
  const email = eb('a.email', 'ilike', containing(customer));
  return /^\d{1,9}$/.test(customer) ? eb.or([eb('a.id', '=', Number(customer)), email]) : email;
}

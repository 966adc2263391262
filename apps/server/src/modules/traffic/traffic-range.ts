import {
  rangeProblem,
  shiftDate,
  TRAFFIC_RANGE_DEFAULT_DAYS,
  type ValidationMessageKey,
} from '@resiport/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { phrase, requestLang } from '../../i18n/phrase';

/** Whole UTC days, both ends included, as `YYYY-MM-DD`. */
export interface DayRange {
  start: string;
  end: string;
}

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

type RangeCheck = { range: DayRange } | { field: 'start_date' | 'end_date'; key: ValidationMessageKey };

/**
 * The range a query asks for: without an end, today (UTC, server clock); without a start, 30 days
 * up to the end. A filled-in range is checked like a given one (contract `checkRange`): a start in
 * the future, or more than a year before today with no end, is refused the same way.
 */
export function resolveRange(
  query: { start_date?: string | undefined; end_date?: string | undefined },
  today: string,
): RangeCheck {
  const end = query.end_date ?? today;
  const start = query.start_date ?? shiftDate(end, 1 - TRAFFIC_RANGE_DEFAULT_DAYS);
  const problem = rangeProblem(start, end);
  return problem ? { field: problem.field, key: problem.message } : { range: { start, end } };
}

/** `resolveRange` for a request: a refused range is a 10001 with the field's message in its language. */
export function rangeOf(
  request: FastifyRequest,
  query: { start_date?: string | undefined; end_date?: string | undefined },
  now: Date,
): DayRange {
  const checked = resolveRange(query, utcDay(now));
  if ('range' in checked) return checked.range;
  const message = phrase(requestLang(request), 'validation', checked.key);
  throw new AppError('ValidationFailed', {}, { fields: { [checked.field]: message } });
}

const HOUR_MS = 3_600_000;

/** Start of every hour or day of the range, oldest first, as ISO 8601 UTC. */
export function periodsOf(range: DayRange, grain: 'hour' | 'day'): string[] {
  const from = Date.parse(`${range.start}T00:00:00Z`);
  const to = Date.parse(`${shiftDate(range.end, 1)}T00:00:00Z`);
  const step = grain === 'hour' ? HOUR_MS : 24 * HOUR_MS;
  const periods: string[] = [];
  for (let at = from; at < to; at += step) periods.push(new Date(at).toISOString());
  return periods;
}

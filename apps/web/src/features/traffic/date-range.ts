import {
  daysInRange,
  isCalendarDate,
  shiftDate,
  TRAFFIC_RANGE_DEFAULT_DAYS,
  TRAFFIC_RANGE_MAX_DAYS,
} from '@resiport/contract';

/**
 * Usage ranges are whole UTC days, both ends included (`YYYY-MM-DD`), as the traffic calls take them
 * (`start_date`..`end_date`, at most TRAFFIC_RANGE_MAX_DAYS). "Today" is always the UTC day, not the
 * viewer's: the statistics are UTC (docs/product.md#units-and-time).
 */
export interface DateRange {
  start: string;
  end: string;
}

/** The picker's presets, in the order it lists them; a bookmarked preset stays relative to today. */
export const rangePresets = ['today', '7d', '30d', 'month', 'lastmonth', '90d'] as const;
export type RangePreset = (typeof rangePresets)[number];

/** The calls' own default: the last 30 days up to today. */
export const DEFAULT_PRESET: RangePreset = '30d';

/** The UTC calendar day of an instant. */
export function utcDateOf(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

const lastDays = (today: string, days: number): DateRange => ({
  start: shiftDate(today, 1 - days),
  end: today,
});
const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;

/** The days a preset covers on the given (UTC) today. */
export function presetRange(preset: RangePreset, today: string): DateRange {
  switch (preset) {
    case 'today':
      return { start: today, end: today };
    case '7d':
      return lastDays(today, 7);
    case '30d':
      return lastDays(today, TRAFFIC_RANGE_DEFAULT_DAYS);
    case '90d':
      return lastDays(today, 90);
    case 'month':
      return { start: firstOfMonth(today), end: today };
    case 'lastmonth': {
      const end = shiftDate(firstOfMonth(today), -1);
      return { start: firstOfMonth(end), end };
    }
  }
}

/** Which preset a range is, if any; the shortest match wins (on the 1st, "this month" is "today"). */
export function presetOf(range: DateRange, today: string): RangePreset | undefined {
  const order: RangePreset[] = ['today', '7d', '30d', '90d', 'month', 'lastmonth'];
  return order.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.start === range.start && candidate.end === range.end;
  });
}

/** Why a range cannot be asked for: not dates, inverted, reaching past today (UTC), or too long. */
export type RangeProblem = 'invalid' | 'order' | 'future' | 'tooLong';

export function rangeProblem(range: DateRange, today: string): RangeProblem | undefined {
  if (!isCalendarDate(range.start) || !isCalendarDate(range.end)) return 'invalid';
  if (range.end < range.start) return 'order';
  if (range.end > today) return 'future';
  if (daysInRange(range.start, range.end) > TRAFFIC_RANGE_MAX_DAYS) return 'tooLong';
  return undefined;
}

/**
 * The picker's rule for one day: never after today, and once the first end is picked, never more
 * than TRAFFIC_RANGE_MAX_DAYS from it (both ends included) in either direction.
 */
export function isDisabledDay(day: string, today: string, from?: string): boolean {
  if (day > today) return true;
  if (from === undefined) return false;
  const [start, end] = day < from ? [day, from] : [from, day];
  return daysInRange(start, end) > TRAFFIC_RANGE_MAX_DAYS;
}

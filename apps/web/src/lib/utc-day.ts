import type { Dayjs } from 'dayjs';

/**
 * Days picked in a DatePicker are UTC calendar days (the product's times are UTC): a picked date is
 * sent as that same `YYYY-MM-DD`, whatever the browser's zone.
 */
export const utcDayOf = (value: Dayjs | null | undefined): string =>
  value ? value.format('YYYY-MM-DD') : '';

/** Today's date in UTC, `YYYY-MM-DD`. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

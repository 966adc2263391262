import type { UsageGranularity } from '@resiport/contract';

/**
 * How usage periods read on screen: in UTC (docs/product.md#units-and-time), labelled where a period stands alone. Amounts
 * go through lib/format.ts. Pure functions of a locale, so they are tested as is.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function utcDateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

const pad = (value: number) => String(value).padStart(2, '0');
const hourOf = (date: Date) => `${pad(date.getUTCHours())}:00`;

/**
 * A chart's axis label for the period starting at `iso`: the day (`May 12`, `12 мая`), or for hours
 * `14:00`, the first hour of a day showing the day instead, so a 48-hour chart says where days turn.
 */
export function periodAxisLabel(iso: string, granularity: UsageGranularity, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (granularity === 'hour' && date.getUTCHours() !== 0) return hourOf(date);
  return utcDateFormat(locale, { month: 'short', day: 'numeric' }).format(date);
}

/** The whole period for a tooltip, UTC stated: `Tue, May 12, 2026 UTC`, `May 12, 2026, 14:00–15:00 UTC`. */
export function periodFullLabel(iso: string, granularity: UsageGranularity, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (granularity === 'day') {
    const day = utcDateFormat(locale, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
    return `${day.format(date)} UTC`;
  }
  const day = utcDateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
  const next = new Date(date.getTime() + 3_600_000);
  const end = next.getUTCHours() === 0 ? '24:00' : hourOf(next);
  return `${day}, ${hourOf(date)}–${end} UTC`;
}

/** A table cell for a period, the same in every language: `2026-05-12`, or `2026-05-12 14:00` for hours. */
export function periodCell(iso: string, granularity: UsageGranularity): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = date.toISOString().slice(0, 10);
  return granularity === 'day' ? day : `${day} ${hourOf(date)}`;
}

/** How current the usage figures are: when the newest gateway batch was applied. */
export type Freshness =
  { kind: 'never' } | { kind: 'today'; time: string } | { kind: 'earlier'; dateTime: string };

export function freshnessOf(lastFlushAt: string | null, now: Date): Freshness {
  if (lastFlushAt === null) return { kind: 'never' };
  const date = new Date(lastFlushAt);
  if (Number.isNaN(date.getTime())) return { kind: 'never' };
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  const day = date.toISOString().slice(0, 10);
  return day === now.toISOString().slice(0, 10)
    ? { kind: 'today', time }
    : { kind: 'earlier', dateTime: `${day} ${time}` };
}

import {
  formatTrafficAmount,
  formatTrafficPairAmount,
  hundredthsText,
  trafficAmountText,
  trafficHundredthsOf,
  trafficUnitName,
  trafficUnitOf,
  type TrafficUnit,
} from '@resiport/contract';
import { BYTES_PER_MB } from '../config/business';

/**
 * The one way numbers and moments read on screen (docs/product.md#traffic-totals, against "3.60 GB vs 3.6 GB vs 0 GB").
 *
 * Traffic reads by the contract's one rule (packages/contract/src/traffic-format.ts), the same in
 * mails and receipts: GB from 1 GB, MB below; two decimals, to the nearest; a non-zero amount below
 * 0.01 reads "< 0.01"; the exact byte count goes in a tooltip (`formatBytesExact`).
 * Statistics (the usage page, docs/product.md#units-and-time) are always in MB: `formatMb`, the same rule.
 * Money arrives in cents and reads as USD with two decimals. Moments read in UTC, labelled.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

export type { TrafficUnit };
export { trafficUnitName, trafficUnitOf };

/** Bytes as MB for a chart's values (the axis formats them with `formatMb`'s rule). */
export function bytesToMb(bytes: number): number {
  return bytes / BYTES_PER_MB;
}

/** The number alone, in the unit `trafficUnitOf` picks: `3.60`, `999.00`, `< 0.01`. */
export function formatTrafficNumber(bytes: number, locale: string): string {
  return trafficAmountText(bytes, trafficUnitOf(bytes), locale);
}

/** Traffic with its unit: `3.60 GB`, `5.00 MB`, `0.00 MB`, `< 0.01 MB`; `3,60 ГБ` in Russian. */
export function formatTraffic(bytes: number, locale: string): string {
  return formatTrafficAmount(bytes, locale);
}

/** A change of traffic with its sign and unit: `+10.00 GB`, `−250.00 MB`, `0.00 MB`. */
export function formatSignedTraffic(bytes: number, locale: string): string {
  return formatTrafficAmount(bytes, locale, true);
}

/** Two amounts of one thing in one unit, the larger deciding: `0.50 / 2.00 GB`, `5.00 / 20.00 MB`. */
export function formatTrafficPair(part: number, whole: number, locale: string): string {
  return formatTrafficPairAmount(part, whole, locale);
}

/** A statistic in MB (docs/product.md#units-and-time), without the unit (columns say it): `1,488.00`, `0.50`, `< 0.01`. */
export function formatMb(bytes: number, locale: string): string {
  return trafficAmountText(bytes, 'MB', locale);
}

/** A change of a statistic in MB with its sign: `+1,000.00`, `−0.50`, `0.00`. */
export function formatSignedMb(bytes: number, locale: string): string {
  return trafficAmountText(bytes, 'MB', locale, true);
}

/** The exact amount for a tooltip: `3,604,120,000 bytes` (the unit word comes from the caller's locale). */
export function formatBytesExact(bytes: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(bytes);
}

/** A whole count (requests, tunnels) with the language's separators. */
export function formatCount(count: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(count);
}

/** Money in cents as USD: `$20.00`, `20,00 $` in Russian. */
export function formatUsd(cents: number, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment in UTC, labelled, the same in every language: `2026-11-25 14:03 UTC` (docs/product.md#units-and-time). */
export function formatUtcDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`
  );
}

/** The same moment in the viewer's own zone, for a tooltip: `Nov 25, 2026, 9:03 AM (America/New_York)`. */
export function formatLocalDateTimeHint(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  return `${text} (${zone})`;
}

/**
 * A change between two balances as the screen shows them (docs/product.md#traffic-totals): (shown after − shown before)
 * in MB, signed, so `before + change = after` adds up on screen even though each figure is rounded
 * toward zero on its own. The exact change belongs in a tooltip.
 */
export function formatShownMbChange(beforeBytes: number, afterBytes: number, locale: string): string {
  const hundredths = trafficHundredthsOf(afterBytes, 'MB') - trafficHundredthsOf(beforeBytes, 'MB');
  return hundredthsText(hundredths, locale, true);
}

/**
 * A total that adds up to its parts as shown (docs/product.md#traffic-totals: "25.04 + 10.04 = 35.09"): each part is rounded
 * toward zero in the total's unit and those are summed, so the total never reads more than its parts.
 */
export function formatTrafficTotal(parts: readonly number[], locale: string): string {
  const bytes = parts.reduce((sum, part) => sum + part, 0);
  const unit = trafficUnitOf(bytes);
  const hundredths = parts.reduce((sum, part) => sum + trafficHundredthsOf(part, unit), 0);
  const name = trafficUnitName(unit, locale);
  if (hundredths === 0 && bytes !== 0) return `${trafficAmountText(bytes, unit, locale)} ${name}`;
  return `${hundredthsText(hundredths, locale)} ${name}`;
}

/**
 * A stretch of time in UTC, labelled once: `2026-11-26 05:20–05:28 UTC` within a day,
 * `2026-11-25 23:50 – 2026-11-26 00:10 UTC` across days, one moment when both are the same minute.
 */
export function formatUtcSpan(fromIso: string, toIso: string): string {
  const from = formatUtcDateTime(fromIso).replace(/ UTC$/, '');
  const to = formatUtcDateTime(toIso).replace(/ UTC$/, '');
  if (from === to) return `${to} UTC`;
  if (from.slice(0, 10) === to.slice(0, 10)) return `${from}–${to.slice(11)} UTC`;
  return `${from} – ${to} UTC`;
}

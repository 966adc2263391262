import { BYTES_PER_GB, BYTES_PER_MB } from '../config/business';

/**
 * The one way numbers and moments read on screen (docs/product.md#traffic-totals, against "3.60 GB vs 3.6 GB vs 0 GB").
 *
 * Traffic (docs/architecture.md#ledger: decimal units, integers in bytes on the wire):
 * - from 1 GB in GB, below it in MB (1 MB = 10^6 bytes), so a 5 MB sub-account never reads 0.00 GB;
 * - always two decimals, rounded toward zero, so nothing shows more than there is (0.999 GB of
 *   traffic left reads 999.00 MB, 1.4999 GB reads 1.49 GB) — the same rule for left, used and allocated;
 * - a non-zero amount below 0.01 MB reads "< 0.01 MB", so something used never reads as zero;
 * - the exact byte count goes in a tooltip (`formatBytesExact`).
 * Statistics (the usage page, docs/product.md#units-and-time) are always in MB: `formatMb`, same two decimals, same rounding.
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

const twoDecimals = (signed: boolean): Intl.NumberFormatOptions => ({
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: signed ? 'exceptZero' : 'auto',
});

export type TrafficUnit = 'GB' | 'MB';

/** Bytes as MB for a chart's values (the axis formats them with `formatMb`'s rule). */
export function bytesToMb(bytes: number): number {
  return bytes / BYTES_PER_MB;
}

/** The unit an amount reads in: GB from 1 GB (by magnitude, so a change of −2 GB reads in GB too). */
export function trafficUnitOf(bytes: number): TrafficUnit {
  return Math.abs(bytes) >= BYTES_PER_GB ? 'GB' : 'MB';
}

/** Hundredths of the unit, toward zero: what two decimals may show without promising more. */
function hundredthsOf(bytes: number, unit: TrafficUnit): number {
  const perHundredth = (unit === 'GB' ? BYTES_PER_GB : BYTES_PER_MB) / 100;
  return Math.trunc(bytes / perHundredth);
}

function amountText(bytes: number, unit: TrafficUnit, locale: string, signed: boolean): string {
  const hundredths = hundredthsOf(bytes, unit);
  if (hundredths === 0 && bytes !== 0) {
    // Below the smallest step: say so instead of a zero.
    const sign = signed ? (bytes < 0 ? '-' : '+') : '';
    return `${sign}< ${numberFormat(locale, twoDecimals(false)).format(0.01)}`;
  }
  return numberFormat(locale, twoDecimals(signed)).format(hundredths / 100);
}

/** Unit names as each language writes them (the number formats come from Intl; units do not). */
const unitNames: Record<string, Record<TrafficUnit, string>> = { ru: { GB: 'ГБ', MB: 'МБ' } };

/** `GB` / `ГБ`: the unit's name in the locale's language. */
export function trafficUnitName(unit: TrafficUnit, locale: string): string {
  return unitNames[locale.slice(0, 2)]?.[unit] ?? unit;
}

/** The number alone, in the unit `trafficUnitOf` picks: `3.60`, `999.00`, `< 0.01`. */
export function formatTrafficNumber(bytes: number, locale: string): string {
  return amountText(bytes, trafficUnitOf(bytes), locale, false);
}

/** Traffic with its unit: `3.60 GB`, `5.00 MB`, `0.00 MB`, `< 0.01 MB`; `3,60 ГБ` in Russian. */
export function formatTraffic(bytes: number, locale: string): string {
  const unit = trafficUnitOf(bytes);
  return `${amountText(bytes, unit, locale, false)} ${trafficUnitName(unit, locale)}`;
}

/** A change of traffic with its sign and unit: `+10.00 GB`, `−250.00 MB`, `0.00 MB`. */
export function formatSignedTraffic(bytes: number, locale: string): string {
  const unit = trafficUnitOf(bytes);
  return `${amountText(bytes, unit, locale, true)} ${trafficUnitName(unit, locale)}`;
}

/** Two amounts of one thing in one unit, the larger deciding: `0.50 / 2.00 GB`, `5.00 / 20.00 MB`. */
export function formatTrafficPair(part: number, whole: number, locale: string): string {
  const unit = trafficUnitOf(Math.max(Math.abs(part), Math.abs(whole)));
  const name = trafficUnitName(unit, locale);
  return `${amountText(part, unit, locale, false)} / ${amountText(whole, unit, locale, false)} ${name}`;
}

/** A statistic in MB (docs/product.md#units-and-time), without the unit (columns say it): `1,488.00`, `0.50`, `< 0.01`. */
export function formatMb(bytes: number, locale: string): string {
  return amountText(bytes, 'MB', locale, false);
}

/** A change of a statistic in MB with its sign: `+1,000.00`, `−0.50`, `0.00`. */
export function formatSignedMb(bytes: number, locale: string): string {
  return amountText(bytes, 'MB', locale, true);
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
  const hundredths = hundredthsOf(afterBytes, 'MB') - hundredthsOf(beforeBytes, 'MB');
  return numberFormat(locale, twoDecimals(true)).format(hundredths / 100);
}

/**
 * A total that adds up to its parts as shown (docs/product.md#traffic-totals: "25.04 + 10.04 = 35.09"): each part is rounded
 * toward zero in the total's unit and those are summed, so the total never reads more than its parts.
 */
export function formatTrafficTotal(parts: readonly number[], locale: string): string {
  const bytes = parts.reduce((sum, part) => sum + part, 0);
  const unit = trafficUnitOf(bytes);
  const hundredths = parts.reduce((sum, part) => sum + hundredthsOf(part, unit), 0);
  const name = trafficUnitName(unit, locale);
  if (hundredths === 0 && bytes !== 0) return `${amountText(bytes, unit, locale, false)} ${name}`;
  return `${numberFormat(locale, twoDecimals(false)).format(hundredths / 100)} ${name}`;
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

import { BYTES_PER_GB, BYTES_PER_MB } from './money';

/**
 * The one way an amount of traffic reads, wherever it is shown: the portal, mails, receipts and CSV
 * headers (docs/product.md#traffic-totals). Bytes are exact integers on the wire; these are only how
 * they read.
 *
 * - **Unit**: GB from 1 GB (by magnitude), MB below (1 GB = 10^9 bytes, 1 MB = 10^6 bytes), so a
 *   5 MB sub-account never reads 0.00 GB. Statistics (the usage page) are always in MB.
 * - **Rounding**: two decimals, to the nearest hundredth, halves away from zero (2,000,000,000 −
 *   8,000 bytes reads 2.00 GB, not 1.99 GB beside "< 0.01 MB" used).
 * - **Never zero for something**: a non-zero amount below 0.01 of its unit reads "< 0.01".
 * - The exact byte count goes in a tooltip or a CSV column.
 *
 * `locale` is a BCP 47 tag (`en-US`, `ru-RU`): its separators, and its unit names (ГБ, МБ).
 */
export type TrafficUnit = 'GB' | 'MB';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, signed: boolean): Intl.NumberFormat {
  const key = `${locale}|${signed}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** The unit an amount reads in: GB from 1 GB (by magnitude, so a change of −2 GB reads in GB too). */
export function trafficUnitOf(bytes: number): TrafficUnit {
  return Math.abs(bytes) >= BYTES_PER_GB ? 'GB' : 'MB';
}

/** Hundredths of the unit, the nearest, halves away from zero: the one rounding rule. */
export function trafficHundredthsOf(bytes: number, unit: TrafficUnit): number {
  const perHundredth = (unit === 'GB' ? BYTES_PER_GB : BYTES_PER_MB) / 100;
  return Math.sign(bytes) * Math.round(Math.abs(bytes) / perHundredth);
}

/** Hundredths as the number reads: `3.60`, `+1,000.00`. */
export function hundredthsText(hundredths: number, locale: string, signed = false): string {
  return numberFormat(locale, signed).format(hundredths / 100);
}

/** The number alone in `unit`: `3.60`, `< 0.01`, `-< 0.01` (signed). */
export function trafficAmountText(bytes: number, unit: TrafficUnit, locale: string, signed = false): string {
  const hundredths = trafficHundredthsOf(bytes, unit);
  if (hundredths === 0 && bytes !== 0) {
    // Below the smallest step: say so instead of a zero.
    const sign = signed ? (bytes < 0 ? '-' : '+') : '';
    return `${sign}< ${numberFormat(locale, false).format(0.01)}`;
  }
  return hundredthsText(hundredths, locale, signed);
}

/** Unit names as each language writes them (the number formats come from Intl; units do not). */
const unitNames: Record<string, Record<TrafficUnit, string>> = { ru: { GB: 'ГБ', MB: 'МБ' } };

/** `GB` / `ГБ`: the unit's name in the locale's language. */
export function trafficUnitName(unit: TrafficUnit, locale: string): string {
  return unitNames[locale.slice(0, 2).toLowerCase()]?.[unit] ?? unit;
}

/** Traffic with its unit: `3.60 GB`, `5.00 MB`, `0.00 MB`, `< 0.01 MB`; `3,60 ГБ` in Russian. */
export function formatTrafficAmount(bytes: number, locale: string, signed = false): string {
  const unit = trafficUnitOf(bytes);
  return `${trafficAmountText(bytes, unit, locale, signed)} ${trafficUnitName(unit, locale)}`;
}

/** Two amounts of one thing in one unit, the larger deciding: `0.50 / 2.00 GB`, `5.00 / 20.00 MB`. */
export function formatTrafficPairAmount(part: number, whole: number, locale: string): string {
  const unit = trafficUnitOf(Math.max(Math.abs(part), Math.abs(whole)));
  const name = trafficUnitName(unit, locale);
  return `${trafficAmountText(part, unit, locale)} / ${trafficAmountText(whole, unit, locale)} ${name}`;
}

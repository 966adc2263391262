import { BYTES_PER_GB, BYTES_PER_MB } from '../config/business';

/** Traffic and money arrive as integers (bytes, cents; design §6) and are only converted for display. */
export function bytesToGb(bytes: number): number {
  return bytes / BYTES_PER_GB;
}

export function bytesToMb(bytes: number): number {
  return bytes / BYTES_PER_MB;
}

export function centsToUsd(cents: number): number {
  return cents / 100;
}

export function formatUsd(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(centsToUsd(cents));
}

/** Up to three decimals, so a 1 MB purchase still shows as 0.001 GB instead of 0. */
export function formatGb(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(bytesToGb(bytes));
}

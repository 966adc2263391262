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

/**
 * Traffic left, with exactly two decimals and rounded down, so the header never promises more
 * than there is (0.999 GB shows as 0.99, not 1.00).
 */
export function formatGbLeft(bytes: number, locale: string): string {
  const hundredths = Math.floor(Math.max(0, bytes) / (BYTES_PER_GB / 100));
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    hundredths / 100,
  );
}

/** An amount (allocated, used) with exactly two decimals, rounded to the nearest hundredth. */
export function formatGbFixed(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    bytesToGb(bytes),
  );
}

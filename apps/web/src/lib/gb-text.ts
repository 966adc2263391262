import { BYTES_PER_GB } from '@resiport/contract';
import { normalizeDecimalText } from './decimal-text';

/** GB typed as text and written back as text, exact to the byte (1 GB = 10^9 bytes). */

/** GB as the server reads it (lib/decimal-text.ts). */
export const normalizeGbText = normalizeDecimalText;

/**
 * Bytes as the exact GB text the server turns back into the same bytes ("12.345678901", "2"):
 * the "Max" shortcut fills this, so all of it moves, not a rounded 12.34.
 */
export function exactGbText(bytes: number): string {
  const safe = Math.max(0, Math.floor(bytes));
  const whole = Math.floor(safe / BYTES_PER_GB);
  const fraction = String(safe % BYTES_PER_GB)
    .padStart(9, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

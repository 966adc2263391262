import type { SubAccount } from '@resiport/contract';
import { exactGbText, normalizeGbText } from '../../lib/gb-text';

/** The auto-refill fields as typed (GB); empty threshold and amount mean off. */
export interface SubRefillValues {
  refill_below: string;
  refill_amount: string;
  refill_daily_max: string;
}

export const refillFields = ['refill_below', 'refill_amount', 'refill_daily_max'] as const;

const gbOf = (bytes: number | null) => (bytes === null ? '' : exactGbText(bytes));

/** The fields' values for a sub-account's setting. */
export function refillValuesOf(sub: SubAccount): SubRefillValues {
  return {
    refill_below: gbOf(sub.refill_below_bytes),
    refill_amount: gbOf(sub.refill_amount_bytes),
    refill_daily_max: gbOf(sub.refill_daily_max_bytes),
  };
}

/** What the form sends: each field as GB text, '' for empty (off, or no daily maximum). */
export function refillSentOf(values: Partial<SubRefillValues>): SubRefillValues {
  return {
    refill_below: normalizeGbText(values.refill_below),
    refill_amount: normalizeGbText(values.refill_amount),
    refill_daily_max: normalizeGbText(values.refill_daily_max),
  };
}

export const REFILL_OFF: SubRefillValues = { refill_below: '', refill_amount: '', refill_daily_max: '' };

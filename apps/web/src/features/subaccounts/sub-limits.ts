import { ResultCode, type SubAccount } from '@resiport/contract';
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldByCode } from '../../lib/form-errors';
import { exactGbText, normalizeGbText } from '../../lib/gb-text';
import { utcDayOf } from '../../lib/utc-day';

/** What the limit fields hold: caps as GB text, the last day as a picked UTC date, the limit as typed. */
export interface SubLimitValues {
  daily_cap: string;
  monthly_cap: string;
  expires_on: Dayjs | null;
  max_connections: string;
}

/** The limits as the API takes them: '' removes one. */
export interface SubLimitsSent {
  daily_cap: string;
  monthly_cap: string;
  expires_on: string;
  max_connections: string;
}

export const limitFields = ['daily_cap', 'monthly_cap', 'expires_on', 'max_connections'] as const;
export const limitFieldByCode: FieldByCode = { [ResultCode.SubExpiryPast]: 'expires_on' };

/** The fields' values for a sub-account's limits (empty: none; a new sub-account has none). */
export function limitValuesOf(sub?: SubAccount): SubLimitValues {
  const gb = (bytes: number | null | undefined) =>
    bytes === null || bytes === undefined ? '' : exactGbText(bytes);
  return {
    daily_cap: gb(sub?.daily_cap_bytes),
    monthly_cap: gb(sub?.monthly_cap_bytes),
    expires_on: sub?.expires_on ? dayjs(sub.expires_on, 'YYYY-MM-DD') : null,
    max_connections:
      sub?.max_connections === null || sub?.max_connections === undefined ? '' : String(sub.max_connections),
  };
}

/** What the fields send: every limit, each '' when left empty (so clearing a field removes the limit). */
export function limitsSentOf(values: Partial<SubLimitValues>): SubLimitsSent {
  return {
    daily_cap: normalizeGbText(values.daily_cap),
    monthly_cap: normalizeGbText(values.monthly_cap),
    expires_on: utcDayOf(values.expires_on),
    max_connections: (values.max_connections ?? '').trim(),
  };
}

/** Only the limits that were set: a new sub-account's form sends nothing for an empty field. */
export function limitsSetOf(values: Partial<SubLimitValues>): Partial<SubLimitsSent> {
  return Object.fromEntries(Object.entries(limitsSentOf(values)).filter(([, value]) => value !== ''));
}

import { BYTES_PER_GB } from '../../config/business';

/** Below this much traffic left an account that uses traffic is warned, whatever its rate. */
export const LOW_TRAFFIC_BYTES = BYTES_PER_GB;
/** …or when what is left is under this share of (left + used in the last 30 days). */
export const LOW_TRAFFIC_SHARE = 0.1;

export interface TrafficStanding {
  /** The main account's traffic left (`/user/info`). */
  leftBytes: number;
  /** Used since the account began (`/user/info`). */
  usedBytes: number;
  /** Used in the last 30 days, today included (`/traffic/usage` totals); 0 until known. */
  used30dBytes: number;
}

/**
 * The dashboard's traffic warning: `empty` when nothing is left, `low` when little is (under 1 GB,
 * or under 10% of what is left plus what the last 30 days used). Only for an account that has used
 * traffic: a new account is shown how to start instead.
 */
export type TrafficAlert = 'none' | 'low' | 'empty';

export function trafficAlertOf({ leftBytes, usedBytes, used30dBytes }: TrafficStanding): TrafficAlert {
  if (usedBytes <= 0 && used30dBytes <= 0) return 'none';
  if (leftBytes <= 0) return 'empty';
  if (leftBytes < LOW_TRAFFIC_BYTES) return 'low';
  if (leftBytes < LOW_TRAFFIC_SHARE * (leftBytes + used30dBytes)) return 'low';
  return 'none';
}

/** Whole days the traffic left lasts at the last 30 days' average rate; undefined without usage. */
export function daysLeftAtRate(leftBytes: number, used30dBytes: number): number | undefined {
  if (used30dBytes <= 0) return undefined;
  return Math.max(0, Math.floor(leftBytes / (used30dBytes / 30)));
}

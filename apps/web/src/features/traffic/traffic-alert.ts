import type { UserInfo } from '@resiport/contract';
import { BYTES_PER_GB } from '../../config/business';

/** Below this much traffic left in total an account that uses traffic is warned, whatever its rate. */
export const LOW_TRAFFIC_BYTES = BYTES_PER_GB;
/** …or when what is left is under this share of (left + used in the last 30 days). */
export const LOW_TRAFFIC_SHARE = 0.1;

type TrafficFigures = Pick<
  UserInfo,
  | 'traffic_left_bytes'
  | 'traffic_used_bytes'
  | 'subaccounts_traffic_left_bytes'
  | 'subaccounts_count'
  | 'subaccounts_empty_count'
>;

/**
 * The customer's traffic left (docs/product.md#traffic-totals): the main account's unallocated traffic plus what every
 * sub-account holds. Traffic allocated to a sub-account is still the customer's.
 */
export function totalTrafficLeft(
  user: Pick<UserInfo, 'traffic_left_bytes' | 'subaccounts_traffic_left_bytes'>,
) {
  return user.traffic_left_bytes + user.subaccounts_traffic_left_bytes;
}

/** The parts of that total as the screen lists them (main account, sub-accounts), for `formatTrafficTotal`. */
export function trafficLeftParts(
  user: Pick<UserInfo, 'traffic_left_bytes' | 'subaccounts_traffic_left_bytes'>,
): number[] {
  return [user.traffic_left_bytes, user.subaccounts_traffic_left_bytes];
}

/**
 * The dashboard's traffic warning, naming what ran out:
 * - `empty`: nothing left anywhere (main account and every sub-account);
 * - `low`: the total is under 1 GB, or under 10% of the total plus what the last 30 days used;
 * - `subsEmpty`: some sub-accounts are out of traffic (their proxies stopped) while others or the
 *   main account still hold some;
 * - `mainEmpty`: the main account's unallocated traffic is used up, the sub-accounts still hold theirs
 *   (whitelisted-IP requests and new allocations need main-account traffic).
 * Only for an account that has used traffic: a new account is shown how to start instead.
 */
export type TrafficAlert = 'none' | 'low' | 'empty' | 'subsEmpty' | 'mainEmpty';

export function trafficAlertOf(user: TrafficFigures, used30dBytes: number): TrafficAlert {
  if (user.traffic_used_bytes <= 0 && used30dBytes <= 0) return 'none';
  const total = totalTrafficLeft(user);
  if (total <= 0) return 'empty';
  if (total < LOW_TRAFFIC_BYTES) return 'low';
  if (total < LOW_TRAFFIC_SHARE * (total + used30dBytes)) return 'low';
  if (user.subaccounts_empty_count > 0) return 'subsEmpty';
  if (user.traffic_left_bytes <= 0) return 'mainEmpty';
  return 'none';
}

/** Whole days the traffic left lasts at the last 30 days' average rate; undefined without usage. */
export function daysLeftAtRate(leftBytes: number, used30dBytes: number): number | undefined {
  if (used30dBytes <= 0) return undefined;
  return Math.max(0, Math.floor(leftBytes / (used30dBytes / 30)));
}

import type { SubAccount } from '@resiport/contract';
import { idParamOf } from '../../lib/id-param';
import { formatTraffic } from '../../lib/format';

/** The proxy credentials as most tools take them. */
export function credentialsOf(sub: Pick<SubAccount, 'username' | 'password'>): string {
  return `${sub.username}:${sub.password}`;
}

/** What deleting gives back to the main account (the sub-account's traffic left), with its unit. */
export function deleteReturns(sub: Pick<SubAccount, 'traffic_left_bytes'>, locale: string): string {
  return formatTraffic(sub.traffic_left_bytes, locale);
}

/**
 * What the sub-account used beyond what it was allocated (0: nothing). Tunnels already open when its
 * traffic ran out deliver their last chunks; the main account pays for them (decision 015).
 */
export function overrunOf(sub: Pick<SubAccount, 'allocated_bytes' | 'traffic_used_bytes'>): number {
  return Math.max(0, sub.traffic_used_bytes - sub.allocated_bytes);
}

/** The sub-account `/proxysetting/editsub?id=N` is about, if the id is one at all. */
export function subIdOf(search: URLSearchParams): number | undefined {
  return idParamOf(search, 'id');
}

import type { SubAccount } from '@resiport/contract';
import { idParamOf } from '../../lib/id-param';
import { formatTraffic } from '../../lib/format';

/** The proxy credentials as most tools take them. */
export function credentialsOf(sub: Pick<SubAccount, 'username' | 'password'>): string {
  return `${sub.username}:${sub.password}`;
}

/**
 * What deleting gives back to the main account (the sub-account's traffic left), with its unit,
 * rounded toward zero like every figure (lib/format.ts): never more than will arrive.
 */
export function deleteReturns(sub: Pick<SubAccount, 'traffic_left_bytes'>, locale: string): string {
  return formatTraffic(sub.traffic_left_bytes, locale);
}

/** The sub-account `/proxysetting/editsub?id=N` is about, if the id is one at all. */
export function subIdOf(search: URLSearchParams): number | undefined {
  return idParamOf(search, 'id');
}

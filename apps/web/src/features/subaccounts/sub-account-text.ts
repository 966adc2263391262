import type { SubAccount } from '@resiport/contract';
import { idParamOf } from '../../lib/id-param';
import { formatGbLeft } from '../../lib/units';

/** The proxy credentials as most tools take them. */
export function credentialsOf(sub: Pick<SubAccount, 'username' | 'password'>): string {
  return `${sub.username}:${sub.password}`;
}

/**
 * What deleting gives back to the main account (the sub-account's traffic left), with two
 * decimals rounded down like every "traffic left" figure: never more than will arrive.
 */
export function deleteReturnsGb(sub: Pick<SubAccount, 'traffic_left_bytes'>, locale: string): string {
  return formatGbLeft(sub.traffic_left_bytes, locale);
}

/** The sub-account `/proxysetting/editsub?id=N` is about, if the id is one at all. */
export function subIdOf(search: URLSearchParams): number | undefined {
  return idParamOf(search, 'id');
}

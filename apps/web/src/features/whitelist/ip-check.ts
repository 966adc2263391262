import { canonicalIp, isUnroutableIp } from '@resiport/contract';

/** Why a typed address cannot be whitelisted; the form turns each into a localized message. */
export type IpProblem = 'required' | 'format' | 'notAllowed';

export type IpCheck = { ok: true; ip: string } | { ok: false; problem: IpProblem };

/**
 * The IP check (docs/product.md#ip-addresses) the server runs (the contract's `canonicalIp`), plus the addresses it refuses
 * to whitelist (loopback, multicast …, code 10036), so the field says so before the round trip.
 * `ip` is the canonical form the server stores and compares.
 */
export function checkWhitelistIp(input: string | undefined | null): IpCheck {
  const text = (input ?? '').trim();
  if (text === '') return { ok: false, problem: 'required' };
  const ip = canonicalIp(text);
  if (ip === undefined) return { ok: false, problem: 'format' };
  if (isUnroutableIp(ip)) return { ok: false, problem: 'notAllowed' };
  return { ok: true, ip };
}

import { canonicalIp, type Credentials } from '@resiport/contract';
import { proxyPasswordVerifier, proxyVerifierKey } from '@resiport/contract/proxy-verifier';
import type { AppContext } from '../../context';
import { decryptProxyPassword, isExpired } from '../subaccounts/subaccount-lookup.service';
import { liveSubaccountByUsername, whitelistOwner } from './directory.repository';

const NOT_FOUND: Credentials = {
  found: false,
  account_id: null,
  subaccount_id: null,
  active: false,
  verifier: null,
  expired: false,
  max_connections: null,
};

/** Who a proxy username is, with a verifier of its password (never the password itself). */
export async function lookupCredentials(ctx: AppContext, username: string): Promise<Credentials> {
  const sub = await liveSubaccountByUsername(ctx.db, username.toLowerCase());
  if (!sub) return NOT_FOUND;
  const password = decryptProxyPassword(ctx.proxyPasswordKey, sub.password_cipher);
  const expired = isExpired(sub, ctx.clock());
  return {
    found: true,
    account_id: sub.account_id,
    subaccount_id: sub.id,
    active: sub.status === 'active' && sub.account_status === 'active' && !expired,
    verifier: proxyPasswordVerifier(proxyVerifierKey(ctx.internalSecret), password),
    expired,
    max_connections: sub.max_connections,
  };
}

/** The account that whitelisted this source address (of an active account), if any. */
export async function lookupWhitelistedIp(ctx: AppContext, ip: string): Promise<number | null> {
  const canonical = canonicalIp(ip);
  if (!canonical) return null;
  return (await whitelistOwner(ctx.db, canonical))?.account_id ?? null;
}

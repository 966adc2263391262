import { canonicalIp, type TrafficOwner } from '@resiport/contract';
import { ownerKeyOf, type Authenticator } from '../auth/authenticator';
import type { GatewayLogger } from '../log';
import type { Leases } from '../meter/leases';
import type { Meter } from '../meter/meter';
import type { GatewayEvent } from './events';

/**
 * What a change-feed event about access does in this process: voided leases drop their credit, and
 * a changed sub-account, whitelisted address or account is forgotten by the authenticator and its
 * tunnels close (the bound on "stops at once", decision 013). Pool changes are not access: the
 * caller handles `exits` events.
 */
export function applyAccessEvent(
  event: GatewayEvent,
  parts: { leases: Leases; authenticator: Authenticator; meter: Meter; log: GatewayLogger },
): void {
  const { leases, authenticator, meter, log } = parts;
  if (event.lease_id !== null) {
    const sameOwner =
      event.kind === 'account'
        ? (o: TrafficOwner) => o.account_id === event.account_id
        : (o: TrafficOwner) => o.account_id === event.account_id && o.subaccount_id === event.subaccount_id;
    leases.voided(sameOwner, event.lease_id);
  }
  if (event.kind === 'lease' || event.kind === 'exits') return;
  if (event.kind === 'limits') return void applyLimits(event, parts);
  let closed = 0;
  if (event.kind === 'subaccount') {
    if (event.username !== null) authenticator.forgetUsername(event.username);
    closed = meter.cut(
      (t) =>
        t.identity.owner.account_id === event.account_id &&
        t.identity.owner.subaccount_id === event.subaccount_id,
    );
  } else if (event.kind === 'whitelist') {
    const ip = event.ip === null ? undefined : (canonicalIp(event.ip) ?? event.ip);
    if (ip !== undefined) {
      authenticator.forgetIp(ip);
      closed = meter.cut((t) => t.identity.via === 'whitelist' && t.identity.sourceIp === ip);
    }
  } else if (event.account_id !== null) {
    const accountId = event.account_id;
    authenticator.forgetOwner(accountId);
    closed = meter.cut((t) => t.identity.owner.account_id === accountId);
  }
  if (closed > 0) log.info({ event: event.id, kind: event.kind, closed }, 'access changed; tunnels closed');
}

/**
 * A sub-account's last day or connection limit changed: its record is fetched again, and only what
 * the new limits no longer allow closes — all of it when it may no longer connect (its last day
 * passed), the newest tunnels beyond a lowered connection limit, nothing when a limit was raised.
 * Without an answer the tunnels go on under the old limits, and the next connection asks again.
 */
async function applyLimits(
  event: GatewayEvent,
  { authenticator, meter, log }: { authenticator: Authenticator; meter: Meter; log: GatewayLogger },
): Promise<void> {
  if (event.username === null || event.account_id === null || event.subaccount_id === null) return;
  const ownerKey = ownerKeyOf({ account_id: event.account_id, subaccount_id: event.subaccount_id });
  let found;
  try {
    found = await authenticator.refreshCredentials(event.username);
  } catch (error) {
    log.warn({ event: event.id, err: (error as Error).message }, 'limits changed; record not fetched');
    return;
  }
  const closed =
    found.found && found.active
      ? meter.limitOwner(ownerKey, found.max_connections ?? undefined)
      : meter.cutOwner(ownerKey);
  if (closed > 0) log.info({ event: event.id, kind: event.kind, closed }, 'limits changed; tunnels closed');
}

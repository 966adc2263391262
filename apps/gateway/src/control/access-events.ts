import { canonicalIp, type TrafficOwner } from '@resiport/contract';
import type { Authenticator } from '../auth/authenticator';
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

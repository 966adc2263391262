import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import { textColumn } from '../../db/array-columns';

/** Bytes granted to one owner's lease in a gateway's batch of renewals. */
export interface TrafficReservation {
  accountId: number;
  /** null: the main account. */
  subaccountId: number | null;
  /** Bytes granted (> 0). */
  bytes: bigint;
}

/**
 * `reserveUnposted` for a set of owners, in two statements whatever its size (main accounts,
 * sub-accounts): each owner's `left` − bytes and `unposted` + bytes, no entry (decision 045). Every
 * reservation or none: each owner at most once, each `left` covering its bytes. The caller holds the
 * accounts' balance locks and read `left` under them, so a shortfall is a bug: it throws, and the
 * caller's transaction rolls back whole. `alsoReserved`: add the bytes to the owner's
 * `traffic_reserved_bytes` (the gateway link's count of what its leases hold) in the same statement,
 * so a batch of lease grants writes each owner's row once, not twice.
 */
export async function reserveUnpostedOfOwners(
  trx: Transaction<Database>,
  reservations: readonly TrafficReservation[],
  options: { alsoReserved: boolean },
): Promise<void> {
  if (reservations.length === 0) return;
  const owners = new Set(reservations.map((r) => `${r.accountId}/${r.subaccountId ?? 'main'}`));
  if (owners.size !== reservations.length) throw new Error('one reservation per owner in a batch');
  if (reservations.some((r) => r.bytes <= 0n)) throw new Error('a reservation takes bytes');
  const mains = reservations.filter((r) => r.subaccountId === null);
  const subs = reservations.filter((r) => r.subaccountId !== null);
  let changed = 0n;
  if (mains.length > 0) {
    const result = await sql`
      update accounts as a set traffic_left_bytes = a.traffic_left_bytes - r.bytes,
        traffic_unposted_bytes = a.traffic_unposted_bytes + r.bytes
        ${options.alsoReserved ? sql`, traffic_reserved_bytes = a.traffic_reserved_bytes + r.bytes` : sql``}
      from unnest(${textColumn(mains, (r) => r.accountId)}::int[], ${textColumn(mains, (r) => r.bytes)}::bigint[])
        as r(id, bytes)
      where a.id = r.id and a.traffic_left_bytes >= r.bytes`.execute(trx);
    changed += result.numAffectedRows ?? 0n;
  }
  if (subs.length > 0) {
    const result = await sql`
      update subaccounts as s set traffic_left_bytes = s.traffic_left_bytes - r.bytes,
        traffic_unposted_bytes = s.traffic_unposted_bytes + r.bytes
        ${options.alsoReserved ? sql`, traffic_reserved_bytes = s.traffic_reserved_bytes + r.bytes` : sql``}
      from unnest(${textColumn(subs, (r) => r.subaccountId)}::int[], ${textColumn(subs, (r) => r.accountId)}::int[],
        ${textColumn(subs, (r) => r.bytes)}::bigint[]) as r(id, account_id, bytes)
      where s.id = r.id and s.account_id = r.account_id and s.traffic_left_bytes >= r.bytes`.execute(trx);
    changed += result.numAffectedRows ?? 0n;
  }
  if (changed !== BigInt(reservations.length)) {
    throw new Error('a locked balance changed under a reservation');
  }
}

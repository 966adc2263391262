import type { Executor } from '../../db/database';
import { findTrafficFigures } from '../account/account.service';

/**
 * The traffic figure customers see (decision 015): what the ledger balance holds plus what gateways
 * have reserved but not used yet — a lease is a reservation, not a use, so it never makes "left"
 * drop while a tunnel is open. Used bytes only count once a gateway reports them.
 */
export function shownTrafficLeft(row: {
  traffic_left_bytes: bigint;
  traffic_reserved_bytes: bigint;
}): bigint {
  return row.traffic_left_bytes + row.traffic_reserved_bytes;
}

/** The main account's traffic left as shown (0 for an unknown account). */
export async function mainTrafficLeftShown(db: Executor, accountId: number): Promise<bigint> {
  const row = await findTrafficFigures(db, accountId);
  return row ? shownTrafficLeft(row) : 0n;
}

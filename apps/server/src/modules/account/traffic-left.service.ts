import type { Executor } from '../../db/database';
import { findTrafficFigures } from './account.repository';

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

/** The sub-accounts' part of an account's traffic, as /user/info reports it. */
export interface SubaccountsTrafficFigures {
  /** Every sub-account's usage, deleted ones included. */
  usedBytes: bigint;
  /** Live sub-accounts' traffic left as shown (balance + reserved). */
  leftBytes: bigint;
  count: number;
  emptyCount: number;
}

/**
 * The sub-accounts' part of the account's traffic: what they ever used (deleted ones included), what
 * the live ones have left, and how many of them are live and out of traffic. Read from the account's
 * row (no query: the auth read already has it), where a trigger keeps the sums in step with every
 * change of a sub-account (migration 2026_11_28_0900; `subaccountsTrafficFigures` in the
 * sub-accounts module is the definition).
 */
export function subaccountsFiguresOf(account: {
  subaccounts_used_bytes: bigint;
  subaccounts_left_bytes: bigint;
  subaccounts_live: number;
  subaccounts_empty: number;
}): SubaccountsTrafficFigures {
  return {
    usedBytes: account.subaccounts_used_bytes,
    leftBytes: account.subaccounts_left_bytes,
    count: account.subaccounts_live,
    emptyCount: account.subaccounts_empty,
  };
}

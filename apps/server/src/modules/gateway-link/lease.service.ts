import { noteAccountFigures } from '../alerts/alert-triggers.service';
import { LEASE_TTL_SECONDS } from '@resiport/contract';
import type { TrafficOwner } from '@resiport/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database.types';
import { addSeconds } from '../../lib/clock';
import {
  balanceOf,
  lockAccountBalances,
  lockAccountsBalances,
  post,
  postUnposted,
  reserveUnposted,
} from '../ledger/ledger.service';
import { canStillRefill, refillIfLow } from '../subaccounts/auto-refill.service';
import { isLiveSubaccount, readSubaccountLeasable } from '../subaccounts/subaccount-lookup.service';
import { ownerSpendState } from './directory.repository';
import { repayDebt } from './debt.service';
import { recordLeasesVoided } from '../gateway-feed/gateway-events.service';
import { noteVoid } from '../gateway-feed/voids-applied.service';
import {
  addToOwner,
  changeLease,
  closeLease,
  expiredLeases,
  findOpenLease,
  openLease,
  openLeasesOf,
  type LeaseKey,
  type LeaseRow,
} from './lease.repository';

/** A lease lapses this long after its last grant or usage report (one constant for server and gateway). */
export { LEASE_TTL_SECONDS };

export const keyOf = (instanceId: string, owner: TrafficOwner): LeaseKey => ({
  instanceId,
  accountId: owner.account_id,
  subaccountId: owner.subaccount_id,
});

/**
 * What the owner may lease now: its traffic left, or less when a sub-account's cap leaves less
 * (`capped`: the cap, not the traffic, is what runs out).
 */
async function ownerLeasable(
  trx: Transaction<Database>,
  key: { accountId: number; subaccountId: number | null },
  now: Date,
): Promise<{ left: bigint; capped: boolean }> {
  if (key.subaccountId === null) {
    return { left: await balanceOf(trx, key.accountId, 'traffic'), capped: false };
  }
  return readSubaccountLeasable(trx, key.accountId, key.subaccountId, now);
}

export type LeaseStop = 'traffic' | 'cap' | 'expired' | 'revoked';

/**
 * A grant takes at most half of what the owner has left (but at least this), so one process's
 * reservation never starves the others near the end, and a small owner's traffic is not parked in
 * one lease.
 */
export const MIN_HALVED_GRANT_BYTES = 256_000n;

/**
 * A lease's grants go to the ledger when it settles, or at its first grant an hour or more after they
 * last did (decision 045): a steady owner costs a ledger row an hour, not one per renewal.
 */
export const POST_LEASE_GRANTS_EVERY_MS = 3_600_000;

export const isPostingDue = (lease: { posted_at: Date }, now: Date) =>
  now.getTime() - lease.posted_at.getTime() >= POST_LEASE_GRANTS_EVERY_MS;

export function grantSize(want: bigint, left: bigint): bigint {
  const half = (left + 1n) / 2n;
  const cap = half > MIN_HALVED_GRANT_BYTES ? half : MIN_HALVED_GRANT_BYTES;
  let granted = want < left ? want : left;
  if (granted > cap) granted = cap;
  return granted;
}

/** A renewal's answer (the `lease` call's data, before it goes on the wire). */
export interface LeaseGrant {
  leaseId: number;
  granted: bigint;
  exhausted: boolean;
  revoked: boolean;
  stop?: LeaseStop;
  expiresAt: Date;
}

/**
 * Reserves up to `want` bytes of the owner's traffic for one gateway process (the first phase of a
 * two-phase transfer): the bytes leave `traffic_left` now, so several processes can never spend more
 * than there is; they count as reserved (still "left" to the customer) until used or returned. They
 * reach the ledger as a `lease` entry when the lease settles, or at its first grant an hour after its
 * last entry (decision 045): until then they are the owner's unposted bytes. Grants nothing — and says `revoked` — when the owner may not
 * spend (deleted or disabled sub-account, disabled account, a sub-account past its last day). A
 * sub-account's caps bound the grant like its traffic does (`stop: 'cap'` once they are reached).
 * Runs in the caller's transaction, which holds the account's balance lock (lease-batch.service.ts
 * takes it for a whole batch); this is the owner-by-owner path, for every case the batch's set-based
 * one does not cover.
 */
export async function grantLeaseIn(
  ctx: AppContext,
  trx: Transaction<Database>,
  key: LeaseKey,
  want: bigint,
  now: Date,
): Promise<LeaseGrant> {
  const expiresAt = addSeconds(now, LEASE_TTL_SECONDS);
  await lockAccountBalances(trx, key.accountId);
  const state = await ownerSpendState(trx, key, now);
  if (state !== 'may') {
    const open = await findOpenLease(trx, key);
    const stop = state === 'expired' ? 'expired' : 'revoked';
    return { leaseId: open?.id ?? 0, granted: 0n, exhausted: true, revoked: true, stop, expiresAt };
  }
  // A sub-account this grant would take below its auto-refill threshold is topped up first.
  if (key.subaccountId !== null) await refillIfLow(ctx, trx, key.accountId, key.subaccountId, now, want);
  const open = await findOpenLease(trx, key);
  // An owner with nothing left gets no lease row: an empty one would sit open, holding nothing,
  // until its gateway released it (a renewal right after a recycle took everything).
  const before = open ? undefined : await ownerLeasable(trx, key, now);
  if (before?.left === 0n) {
    const stop = before.capped ? 'cap' : 'traffic';
    return { leaseId: 0, granted: 0n, exhausted: true, revoked: false, stop, expiresAt };
  }
  const lease = open ?? (await openLease(trx, key, { now, expiresAt }));
  const grantRef = `${lease.id}.${lease.grants + 1}`;
  await repayDebt(trx, key, { type: 'lease', id: grantRef });
  const { left, capped } = await ownerLeasable(trx, key, now);
  const granted = grantSize(want, left);
  if (granted > 0n) {
    // Out of what the owner may spend now; into the ledger at settlement, or within the hour.
    if (!(await reserveUnposted(trx, key, granted))) {
      throw new Error('a locked balance changed under the lease');
    }
    await addToOwner(trx, key, 'traffic_reserved_bytes', granted);
  }
  // Only with a grant: its ref (`<lease>.<grants + 1>`) is then new, and a later settlement's
  // (`<lease>.<grants>`) cannot meet it.
  const unposted = lease.granted_bytes + granted - lease.posted_bytes;
  const postNow = granted > 0n && unposted > 0n && isPostingDue(lease, now);
  if (postNow) await postUnposted(trx, key, unposted, { type: 'lease', id: grantRef });
  await changeLease(trx, lease.id, {
    grantedBy: granted,
    grant: granted > 0n,
    expiresAt,
    ...(postNow ? { postedAt: now } : {}),
  });
  // Took the last bytes, but auto-refill can still top it up: not out (its next renewal refills).
  const exhausted = left - granted === 0n && !(await canStillRefill(trx, key, now));
  return {
    leaseId: lease.id,
    granted,
    exhausted,
    revoked: false,
    ...(exhausted ? { stop: capped ? ('cap' as const) : ('traffic' as const) } : {}),
    expiresAt,
  };
}

/**
 * Ends a lease (the second phase): what was reserved but not used goes back — to the sub-account,
 * or to the main account when the sub-account has been deleted meanwhile. `voided`: the gateway did
 * not give it back itself (recycle, delete, …), so it may still spend what it held until the change
 * feed reaches it; the amount is kept as the bound of that (decision 015).
 */
export async function settleLease(
  ctx: AppContext,
  trx: Transaction<Database>,
  lease: LeaseRow,
  voided = false,
): Promise<bigint> {
  const unused = lease.granted_bytes - lease.used_bytes;
  const owner = { accountId: lease.account_id, subaccountId: lease.subaccount_id };
  // Its grants not in the ledger yet go there first, on the owner they were taken from.
  const unposted = lease.granted_bytes - lease.posted_bytes;
  if (unposted > 0n) {
    await postUnposted(trx, owner, unposted, { type: 'lease', id: `${lease.id}.${lease.grants}` });
  }
  if (unused > 0n) {
    await addToOwner(trx, owner, 'traffic_reserved_bytes', -unused);
    const toSub = lease.subaccount_id !== null && (await isLiveSubaccount(trx, lease.subaccount_id));
    const returned = await post(trx, {
      accountId: lease.account_id,
      asset: 'traffic',
      kind: 'lease_return',
      amount: unused,
      ref: { type: 'lease', id: String(lease.id) },
      ...(toSub && lease.subaccount_id !== null ? { subaccountId: lease.subaccount_id } : {}),
    });
    if (!returned.ok) throw new Error('a credit cannot fail');
    // A deleted sub-account's reservation went to the main account: its alerts follow (decision 039).
    if (!toSub) await noteAccountFigures(trx, lease.account_id, ctx.clock());
  }
  await closeLease(trx, lease.id, ctx.clock(), voided && unused > 0n ? unused : 0n);
  return unused > 0n ? unused : 0n;
}

/**
 * Voids every open lease of an owner at once, in the caller's transaction (the account's balances
 * locked): the unused bytes are the owner's again now, and the change feed tells every gateway that
 * its credit up to the newest voided lease is gone (so traffic cannot keep flowing on it). The
 * transaction must come from `voidingTransaction`, which waits for those gateways to apply it.
 * `subaccountId` undefined voids every owner of the account. Returns the bytes returned.
 */
export async function voidOwnerLeases(
  ctx: AppContext,
  trx: Transaction<Database>,
  owner: { accountId: number; subaccountId: number | null | undefined },
): Promise<bigint> {
  const leases = await openLeasesOf(trx, owner);
  if (leases.length === 0) return 0n;
  let returned = 0n;
  for (const lease of leases) returned += await settleLease(ctx, trx, lease, true);
  const eventId = await recordLeasesVoided(trx, {
    accountId: owner.accountId,
    subaccountId: owner.subaccountId ?? null,
    wholeAccount: owner.subaccountId === undefined,
    leaseId: Math.max(...leases.map((l) => l.id)),
  });
  // The caller answers only once the processes that held these leases have dropped that credit.
  noteVoid(trx, { eventId, instanceIds: leases.map((l) => l.instance_id) });
  return returned;
}
/** A gateway gives back its lease (an idle owner, or a graceful stop). */
export async function releaseLease(ctx: AppContext, key: LeaseKey, onlyIfExpired = false): Promise<bigint> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockAccountBalances(trx, key.accountId);
    return releaseLeaseIn(ctx, trx, key, onlyIfExpired);
  });
}

/**
 * A gateway gives back many leases in one call (a stop): one transaction, the accounts locked in one
 * statement in id order, each lease settled as `releaseLease` does. Returns each owner's bytes, in order.
 */
export async function releaseLeases(
  ctx: AppContext,
  instanceId: string,
  owners: readonly { accountId: number; subaccountId: number | null }[],
): Promise<bigint[]> {
  const accountIds = [...new Set(owners.map((o) => o.accountId))].sort((a, b) => a - b);
  return ctx.db.transaction().execute(async (trx) => {
    await lockAccountsBalances(trx, accountIds);
    const returned: bigint[] = [];
    for (const owner of owners) returned.push(await releaseLeaseIn(ctx, trx, { ...owner, instanceId }));
    return returned;
  });
}

async function releaseLeaseIn(
  ctx: AppContext,
  trx: Transaction<Database>,
  key: LeaseKey,
  onlyIfExpired = false,
): Promise<bigint> {
  const lease = await findOpenLease(trx, key);
  // A reclaim must not close a lease its gateway renewed a moment ago.
  if (!lease || (onlyIfExpired && lease.expires_at >= ctx.clock())) return 0n;
  return settleLease(ctx, trx, lease);
}

/** Voids leases whose gateway stopped renewing or reporting (it crashed): at most one lease each is lost. */
export async function reclaimExpiredLeases(ctx: AppContext): Promise<number> {
  const expired = await expiredLeases(ctx.db, ctx.clock(), 500);
  for (const lease of expired) {
    const key = {
      instanceId: lease.instance_id,
      accountId: lease.account_id,
      subaccountId: lease.subaccount_id,
    };
    await releaseLease(ctx, key, true);
  }
  return expired.length;
}

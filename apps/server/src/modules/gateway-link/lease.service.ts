import { LEASE_TTL_SECONDS } from '@resiport/contract';
import type { TrafficOwner } from '@resiport/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database.types';
import { addSeconds } from '../../lib/clock';
import { balanceOf, lockAccountBalances, post } from '../ledger/ledger.service';
import { readSubaccountTrafficLeft } from '../subaccounts/traffic-transfer.service';
import { isLiveSubaccount, ownerMaySpend } from './directory.repository';
import {
  changeLease,
  closeLease,
  expiredLeases,
  findOpenLease,
  openLease,
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

async function ownerTrafficLeft(trx: Transaction<Database>, key: LeaseKey): Promise<bigint> {
  return key.subaccountId === null
    ? balanceOf(trx, key.accountId, 'traffic')
    : readSubaccountTrafficLeft(trx, key.accountId, key.subaccountId);
}

/**
 * Reserves up to `want` bytes of the owner's traffic for one gateway process (the first phase of a
 * two-phase transfer): the bytes leave `traffic_left` now, as a `lease` ledger entry, so several
 * processes can never spend more than there is. Grants nothing — and says `revoked` — when the
 * owner may not spend (deleted or disabled sub-account, disabled account).
 */
export async function grantLease(
  ctx: AppContext,
  key: LeaseKey,
  want: bigint,
): Promise<{ granted: bigint; revoked: boolean; expiresAt: Date }> {
  const expiresAt = addSeconds(ctx.clock(), LEASE_TTL_SECONDS);
  return ctx.db.transaction().execute(async (trx) => {
    await lockAccountBalances(trx, key.accountId);
    if (!(await ownerMaySpend(trx, key))) return { granted: 0n, revoked: true, expiresAt };
    const lease = (await findOpenLease(trx, key)) ?? (await openLease(trx, key, expiresAt));
    const left = await ownerTrafficLeft(trx, key);
    const granted = want < left ? want : left;
    if (granted > 0n) {
      const reserved = await post(trx, {
        accountId: key.accountId,
        asset: 'traffic',
        kind: 'lease',
        amount: -granted,
        ref: { type: 'lease', id: `${lease.id}.${lease.grants + 1}` },
        ...(key.subaccountId === null ? {} : { subaccountId: key.subaccountId }),
      });
      if (!reserved.ok) throw new Error('a locked balance changed under the lease');
    }
    await changeLease(trx, lease.id, { grantedBy: granted, grant: granted > 0n, expiresAt });
    return { granted, revoked: false, expiresAt };
  });
}

/**
 * Ends a lease (the second phase): what was reserved but not used goes back — to the sub-account,
 * or to the main account when the sub-account has been deleted meanwhile.
 */
export async function settleLease(
  ctx: AppContext,
  trx: Transaction<Database>,
  lease: LeaseRow,
): Promise<bigint> {
  const unused = lease.granted_bytes - lease.used_bytes;
  if (unused > 0n) {
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
  }
  await closeLease(trx, lease.id, ctx.clock());
  return unused > 0n ? unused : 0n;
}

/** A gateway gives back its lease (an idle owner, or a graceful stop). */
export async function releaseLease(ctx: AppContext, key: LeaseKey, onlyIfExpired = false): Promise<bigint> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockAccountBalances(trx, key.accountId);
    const lease = await findOpenLease(trx, key);
    // A reclaim must not close a lease its gateway renewed a moment ago.
    if (!lease || (onlyIfExpired && lease.expires_at >= ctx.clock())) return 0n;
    return settleLease(ctx, trx, lease);
  });
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

import { LEASE_TTL_SECONDS } from '@resiport/contract';
import type { AppContext } from '../../context';
import { addSeconds } from '../../lib/clock';
import { lockAccountsBalances, reserveUnpostedOfOwners } from '../ledger/ledger.service';
import { isExpired } from '../subaccounts/subaccount-lookup.service';
import {
  applyLeaseGrants,
  openLeases,
  ownerKey,
  readLeaseCandidates,
  type LeaseCandidate,
  type LeaseGrantRow,
  type LeaseWant,
} from './lease-batch.repository';
import { grantLeaseIn, grantSize, isPostingDue, type LeaseGrant } from './lease.service';

export type { LeaseWant };

/**
 * Grants a gateway process's renewals in one transaction (decision 044): the batch's accounts are
 * locked in one statement (ascending ids, the order every other writer takes them in), the owners'
 * state and this process's open leases read in one, and every plain renewal — an owner that may spend,
 * owes nothing, and has no caps or auto-refill — granted set-based: one statement per table, whatever
 * the batch's size. Owners with no lease here yet get theirs opened in one statement first (a gateway's
 * start, or its owners' first traffic, is thousands of them at once). Every other owner goes through
 * `grantLeaseIn` one by one, in the same transaction. Answers come in the order of `wants`; the
 * owners must differ.
 */
export async function grantLeases(
  ctx: AppContext,
  instanceId: string,
  wants: readonly LeaseWant[],
): Promise<LeaseGrant[]> {
  const now = ctx.clock();
  const expiresAt = addSeconds(now, LEASE_TTL_SECONDS);
  const accountIds = [...new Set(wants.map((w) => w.accountId))].sort((a, b) => a - b);
  return ctx.db.transaction().execute(async (trx) => {
    await lockAccountsBalances(trx, accountIds);
    const candidates = await readLeaseCandidates(trx, instanceId, wants);
    const answers = new Map<string, LeaseGrant>();
    const first = [...candidates.values()].filter((c) => isPlainOwner(c, now) && c.leaseId === null);
    for (const c of first.filter((c) => c.left === 0n)) {
      // Nothing to lease: no row, as `grantLeaseIn` answers an owner with nothing left.
      answers.set(ownerKey(c.accountId, c.subaccountId), nothingLeft(expiresAt));
    }
    const opened = await openLeases(
      trx,
      instanceId,
      first.filter((c) => c.left > 0n),
      { now, expiresAt },
    );
    for (const [key, leaseId] of opened) {
      const c = candidates.get(key);
      if (c) candidates.set(key, { ...c, leaseId, leaseGrants: 0, leasePostedAt: now });
    }
    const plain: LeaseGrantRow[] = [];
    for (const want of wants) {
      const key = ownerKey(want.accountId, want.subaccountId);
      const candidate = candidates.get(key);
      if (answers.has(key) || !candidate || !isPlainRenewal(candidate, now)) continue;
      const granted = grantSize(want.want, candidate.left);
      const exhausted = candidate.left === granted;
      const leaseId = candidate.leaseId ?? 0;
      const { accountId, subaccountId } = candidate;
      plain.push({ leaseId, accountId, subaccountId, granted });
      answers.set(ownerKey(want.accountId, want.subaccountId), {
        leaseId,
        granted,
        exhausted,
        revoked: false,
        ...(exhausted ? { stop: 'traffic' as const } : {}),
        expiresAt,
      });
    }
    await reserveUnpostedOfOwners(
      trx,
      plain.filter((g) => g.granted > 0n).map((g) => ({ ...g, bytes: g.granted })),
      { alsoReserved: true },
    );
    await applyLeaseGrants(trx, plain, expiresAt);
    const result: LeaseGrant[] = [];
    for (const want of wants) {
      const key = ownerKey(want.accountId, want.subaccountId);
      result.push(
        answers.get(key) ?? (await grantLeaseIn(ctx, trx, { ...want, instanceId }, want.want, now)),
      );
    }
    return result;
  });
}

/** An owner the set-based path serves: nothing to refuse, no debt to repay first, no cap or auto-refill. */
function isPlainOwner(c: LeaseCandidate, now: Date): boolean {
  if (!c.accountActive || c.debt > 0n) return false;
  if (c.subaccountId === null) return true;
  return c.subLive && !c.subLimited && !isExpired({ expires_at: c.subExpiresAt }, now);
}

/**
 * A renewal the set-based path answers exactly as `grantLeaseIn` would: a plain owner, a lease to add
 * to, and no ledger entry due for it.
 */
function isPlainRenewal(c: LeaseCandidate, now: Date): boolean {
  if (!isPlainOwner(c, now) || c.leaseId === null || c.leasePostedAt === null) return false;
  return !isPostingDue({ posted_at: c.leasePostedAt }, now);
}

const nothingLeft = (expiresAt: Date): LeaseGrant => ({
  leaseId: 0,
  granted: 0n,
  exhausted: true,
  revoked: false,
  stop: 'traffic',
  expiresAt,
});

import { LEASE_TTL_SECONDS } from '@resiport/contract';
import type { AppContext } from '../../context';
import { addSeconds } from '../../lib/clock';
import { lockAccountsBalances, reserveUnpostedOfOwners } from '../ledger/ledger.service';
import { isExpired } from '../subaccounts/subaccount-lookup.service';
import {
  applyLeaseGrants,
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
 * owes nothing, has no caps or auto-refill, and already holds an open lease here — granted set-based:
 * one statement per table, whatever the batch's size. Every other owner goes through `grantLeaseIn`
 * one by one, in the same transaction. Answers come in the order of `wants`; the owners must differ.
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
    const plain: LeaseGrantRow[] = [];
    for (const want of wants) {
      const candidate = candidates.get(ownerKey(want.accountId, want.subaccountId));
      if (!candidate || !isPlainRenewal(candidate, now)) continue;
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

/**
 * A renewal the set-based path answers exactly as `grantLeaseIn` would: nothing to refuse, no debt
 * to repay first, no cap or auto-refill to weigh, a lease to add to, and no ledger entry due for it.
 */
function isPlainRenewal(c: LeaseCandidate, now: Date): boolean {
  if (!c.accountActive || c.debt > 0n || c.leaseId === null || c.leasePostedAt === null) return false;
  if (isPostingDue({ posted_at: c.leasePostedAt }, now)) return false;
  if (c.subaccountId === null) return true;
  return c.subLive && !c.subLimited && !isExpired({ expires_at: c.subExpiresAt }, now);
}

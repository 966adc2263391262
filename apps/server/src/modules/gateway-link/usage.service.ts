import { CREDIT_OVERDRAW_BYTES_PER_TUNNEL, type ExitUsage, type UsageEntry } from '@resiport/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database.types';
import { addSeconds } from '../../lib/clock';
import { lockAccountsBalances, post } from '../ledger/ledger.service';
import { countCappedUsage, readSubaccountTrafficLeft } from '../subaccounts/subaccount-lookup.service';
import { balanceOf } from '../ledger/ledger.service';
import { recordExitTraffic } from '../exits/exit-reports.service';
import { usageBatchAlerts } from '../alerts/alert-triggers.service';
import { claimUsageBatch, recordUsage } from '../traffic/usage-record.service';
import {
  addToOwner,
  changeLease,
  findOpenLease,
  type LeaseRow,
  addSubaccountOverrun,
  insertOverrun,
  recentlyVoidedBytes,
} from './lease.repository';
import { oweToMain } from './debt.service';
import {
  billCoveredUsage,
  openLeasesOfProcess,
  ownerKeyOf,
  type CoveredUsage,
} from './usage-batch.repository';
import { keyOf, LEASE_TTL_SECONDS } from './lease.service';

/**
 * Applies one usage batch from a gateway process, once (a retried batch id is a no-op), in one
 * transaction. Used bytes are taken from the process's open lease for the owner; bytes beyond it
 * are debited from what the owner has left, and whatever is left over is an overrun (see consume),
 * never billed below zero.
 *
 * Set-based where it can be (decision 043): the batch's accounts are locked in one statement, the
 * process's open leases read in one, and every owner whose lease covers its usage whole is billed by
 * three statements for the whole batch. Only owners past their lease, or whose account watches its
 * sub-accounts' usage for alerts, go through `consume` one by one. Locks are held for a handful of
 * statements, not five per owner. The traffic module's usage record (hourly and daily rollups) grows in
 * the same step, in the hour (and UTC day) the batch is received (decision 014), and so do the
 * bytes each exit carried (decision 030) — last, so the shared exit rows are held only to the commit.
 * Alerts for thresholds the usage crossed are written in the same transaction (decision 039).
 */
export async function applyUsageBatch(
  ctx: AppContext,
  batch: { batchId: string; instanceId: string; entries: UsageEntry[]; exits?: ExitUsage[] | undefined },
): Promise<boolean> {
  const now = ctx.clock();
  // Accounts are locked in ascending order, so two batches can never deadlock on each other.
  const entries = [...batch.entries].sort(
    (a, b) => a.account_id - b.account_id || (a.subaccount_id ?? 0) - (b.subaccount_id ?? 0),
  );
  const accountIds = [...new Set(entries.map((e) => e.account_id))];
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await claimUsageBatch(trx, { ...batch, receivedAt: now }))) return false;
    await lockAccountsBalances(trx, accountIds);
    const alerts = usageBatchAlerts(trx, now);
    await alerts.prepare(accountIds);
    const leases = await openLeasesOfProcess(trx, batch.instanceId, accountIds);
    const { covered, oneByOne } = splitByLease(entries, leases, (e) => alerts.watchesSubUsage(e));
    await billCoveredUsage(trx, covered, now, addSeconds(now, LEASE_TTL_SECONDS));
    for (const { entry, index } of oneByOne) {
      await alerts.around(entry, () => consume(trx, batch, index, entry, now));
    }
    await alerts.finish();
    await recordUsage(trx, { instanceId: batch.instanceId, receivedAt: now }, entries);
    await recordExitTraffic(trx, now, batch.exits ?? []);
    return true;
  });
}

/**
 * The batch's owners whose open lease covers all their usage in it (one item each, their entries
 * summed: a main account's come per source address), and the entries of every other owner, in order.
 */
function splitByLease(
  entries: readonly UsageEntry[],
  leases: Map<string, LeaseRow>,
  watched: (entry: UsageEntry) => boolean,
): { covered: CoveredUsage[]; oneByOne: { entry: UsageEntry; index: number }[] } {
  const totals = new Map<string, bigint>();
  for (const e of entries) {
    const key = ownerKeyOf(e.account_id, e.subaccount_id);
    totals.set(key, (totals.get(key) ?? 0n) + BigInt(e.bytes_up) + BigInt(e.bytes_down));
  }
  const covered = new Map<string, CoveredUsage>();
  const oneByOne: { entry: UsageEntry; index: number }[] = [];
  for (const [index, entry] of entries.entries()) {
    const key = ownerKeyOf(entry.account_id, entry.subaccount_id);
    const total = totals.get(key) ?? 0n;
    const lease = leases.get(key);
    if (total === 0n) continue;
    if (!lease || lease.granted_bytes - lease.used_bytes < total || watched(entry)) {
      oneByOne.push({ entry, index });
    } else if (!covered.has(key)) {
      covered.set(key, {
        leaseId: lease.id,
        accountId: entry.account_id,
        subaccountId: entry.subaccount_id,
        bytes: total,
      });
    }
  }
  return { covered: [...covered.values()], oneByOne };
}

/**
 * Bills one entry: from the process's open lease first, then from what the owner has left. Bytes
 * beyond both were delivered past the owner's traffic (at most one read buffer per tunnel, or what a
 * process spent between a void and hearing of it). A sub-account's are paid by its main account —
 * usage reported after a recycle or a deletion took its traffic back is paid from where that traffic
 * went — and owed back to it (returned from the sub-account's next traffic, so its limit holds).
 * What not even the main account can pay is the account's debt, billed from its next traffic, and an
 * overrun row with the bound it had to keep: tunnels × one read buffer + what a void recently took
 * back from this process.
 */
async function consume(
  trx: Transaction<Database>,
  batch: { batchId: string; instanceId: string },
  index: number,
  entry: UsageEntry,
  now: Date,
): Promise<void> {
  const total = BigInt(entry.bytes_up) + BigInt(entry.bytes_down);
  if (total === 0n) return;
  const key = keyOf(batch.instanceId, entry);
  const main = { accountId: key.accountId, subaccountId: null };
  const lease = await findOpenLease(trx, key);
  const inLease = lease ? lease.granted_bytes - lease.used_bytes : 0n;
  const fromLease = total < inLease ? total : inLease;
  const ref = `${batch.batchId}#${index}`;
  let unbilled = total - fromLease;
  unbilled -= await billFromBalance(trx, key, unbilled, ref);
  if (key.subaccountId !== null && unbilled > 0n) {
    await oweToMain(trx, key, unbilled);
    unbilled -= await billFromBalance(trx, main, unbilled, `${ref}:main`);
  }
  if (lease) {
    await changeLease(trx, lease.id, {
      usedBy: fromLease,
      overrunBy: unbilled,
      expiresAt: addSeconds(now, LEASE_TTL_SECONDS),
    });
  }
  await addToOwner(trx, key, 'traffic_reserved_bytes', -fromLease);
  await addToOwner(trx, key, 'traffic_used_bytes', total - unbilled);
  // Every byte it moved counts toward its caps, billed to it or not.
  if (key.subaccountId !== null) await countCappedUsage(trx, key.subaccountId, total, now);
  if (unbilled > 0n) {
    await addToOwner(trx, main, 'traffic_debt_bytes', unbilled);
    const tunnels = BigInt(Math.max(entry.tunnels ?? 1, 1));
    const voided = await recentlyVoidedBytes(trx, key, addSeconds(now, -LEASE_TTL_SECONDS));
    if (key.subaccountId !== null) await addSubaccountOverrun(trx, key.subaccountId, unbilled);
    await insertOverrun(trx, {
      key,
      batchId: batch.batchId,
      bytes: unbilled,
      boundBytes: tunnels * BigInt(CREDIT_OVERDRAW_BYTES_PER_TUNNEL) + voided,
    });
  }
}

/** Debits up to `bytes` of usage from an owner's balance (never below zero); returns what it took. */
async function billFromBalance(
  trx: Transaction<Database>,
  owner: { accountId: number; subaccountId: number | null },
  bytes: bigint,
  ref: string,
): Promise<bigint> {
  if (bytes <= 0n) return 0n;
  const left =
    owner.subaccountId === null
      ? await balanceOf(trx, owner.accountId, 'traffic')
      : await readSubaccountTrafficLeft(trx, owner.accountId, owner.subaccountId);
  const billed = bytes < left ? bytes : left;
  if (billed === 0n) return 0n;
  const debit = await post(trx, {
    accountId: owner.accountId,
    asset: 'traffic',
    kind: 'usage',
    amount: -billed,
    ref: { type: 'usage', id: ref },
    ...(owner.subaccountId === null ? {} : { subaccountId: owner.subaccountId }),
  });
  if (!debit.ok) throw new Error('a locked balance changed under the usage');
  return billed;
}

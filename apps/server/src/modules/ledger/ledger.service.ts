import type { LedgerKindName } from '@resiport/contract';
import type { Transaction } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { LedgerAsset } from './ledger.table';
import {
  changeBalance,
  countEntries,
  findBalanceMismatches,
  findBrokenChains,
  insertEntry,
  lockAccountBalances,
  lockAccountsBalances,
  readBalance,
} from './ledger.repository';
import {
  auditOwnersSinceCheckpoints,
  writeAuditCheckpoints,
  type OwnerAudit,
} from './ledger-audit.repository';

/**
 * Entry kinds (docs/architecture.md#ledger): the contract's list (`ledgerKinds`), which the console filters by.
 * Money: recharge, order_payment, refund, adjustment. Traffic: purchase, trial, refund (the unused
 * traffic of a refunded order), adjustment, allocate, recycle, …
 */
export type LedgerKind = LedgerKindName;

export interface Posting {
  accountId: number;
  asset: LedgerAsset;
  /** A sub-account of `accountId` whose traffic changes (asset `traffic`); omitted = the main account. */
  subaccountId?: number;
  kind: LedgerKind;
  /** Cents or bytes; negative debits. Never zero. */
  amount: bigint;
  /** What caused it (`recharge`/`12`); a (kind, ref) pair posts once — the database refuses a second. */
  ref?: { type: string; id: string };
  note?: string;
}

export type PostResult = { ok: true; balanceAfter: bigint } | { ok: false; available: bigint };

/**
 * Changes a balance and records the entry, inside the caller's transaction (the caller owns it,
 * so a payment's debit and credit commit together). A debit larger than the balance changes
 * nothing and reports what is available.
 */
export async function post(trx: Transaction<Database>, posting: Posting): Promise<PostResult> {
  if (posting.amount === 0n) throw new Error('a ledger posting cannot be zero');
  if (posting.subaccountId !== undefined && posting.asset !== 'traffic') {
    throw new Error('sub-accounts hold traffic only');
  }
  const owner = { accountId: posting.accountId, asset: posting.asset, subaccountId: posting.subaccountId };
  const after = await changeBalance(trx, owner, posting.amount);
  if (after === undefined) return { ok: false, available: (await readBalance(trx, owner)) ?? 0n };
  await insertEntry(trx, {
    accountId: posting.accountId,
    asset: posting.asset,
    kind: posting.kind,
    amount: posting.amount,
    balanceAfter: after.ledger,
    refType: posting.ref?.type ?? null,
    refId: posting.ref?.id ?? null,
    note: posting.note ?? null,
    subaccountId: posting.subaccountId ?? null,
  });
  return { ok: true, balanceAfter: after.left };
}

export { lockAccountBalances, lockAccountsBalances };

/** Lease grants move traffic out of `left` now and into the ledger later (decision 045). */
export { postUnposted, reserveUnposted } from './ledger.repository';

/** The traffic change record reads the account's customer-facing traffic entries through here. */
export {
  pageOfTrafficChanges,
  type TrafficChangeFilter,
  type TrafficChangeRow,
} from './traffic-changes.repository';

/** The console reads an account's whole ledger, and finds what an idempotency key already posted. */
export {
  findEntryByRef,
  pageOfEntries,
  type LedgerEntryFilter,
  type LedgerEntryRow,
} from './ledger-entries.repository';

/** The cached balance (cents or bytes) of one account. */
export async function balanceOf(db: Executor, accountId: number, asset: LedgerAsset): Promise<bigint> {
  return (await readBalance(db, { accountId, asset })) ?? 0n;
}

export interface AuditReport {
  entries: number;
  mismatches: Awaited<ReturnType<typeof findBalanceMismatches>>;
  brokenChains: Awaited<ReturnType<typeof findBrokenChains>>;
}

/** Recomputes every balance from its entries and checks every entry chain (`npm run audit`). */
export async function auditLedger(db: Db): Promise<AuditReport> {
  const [entries, mismatches, brokenChains] = [
    await countEntries(db),
    await findBalanceMismatches(db),
    await findBrokenChains(db),
  ];
  return { entries, mismatches, brokenChains };
}

/**
 * The audit from the last checkpoints (`npm run audit -- --incremental`, decision 048): the same
 * findings as `auditLedger` for the entries after each owner's checkpoint (all of them the first time),
 * and each owner's figures, to checkpoint when clean.
 */
export async function auditLedgerSinceCheckpoints(db: Db): Promise<AuditReport & { owners: OwnerAudit[] }> {
  const owners = await auditOwnersSinceCheckpoints(db);
  return {
    entries: owners.reduce((sum, o) => sum + o.entries, 0),
    mismatches: owners
      .filter((o) => !o.known || o.cached !== o.fromEntries)
      .map(({ accountId, asset, subaccountId, cached, fromEntries }) => ({
        accountId,
        asset,
        subaccountId,
        cached,
        fromEntries,
      })),
    brokenChains: owners.flatMap((o) =>
      o.brokenAt === null ? [] : [{ accountId: o.accountId, asset: o.asset, entryId: o.brokenAt }],
    ),
    owners: owners.filter((o) => o.known),
  };
}

export { writeAuditCheckpoints, type OwnerAudit };

/** A gateway's batch of lease renewals reserves its owners' traffic set-based. */
export { reserveUnpostedOfOwners, type TrafficReservation } from './ledger-batch.repository';

import type { Executor } from '../db/database';
import { auditOverruns } from '../modules/gateway-link/overrun-audit';
import {
  auditLedger,
  auditLedgerSinceCheckpoints,
  writeAuditCheckpoints,
} from '../modules/ledger/ledger.service';
import { findSubaccountTotalsDrift } from '../modules/subaccounts/subaccount.repository';

/** What `auditBooks` found: a line per fact worth reading, and the problems among them. */
export interface BooksAudit {
  lines: string[];
  problems: string[];
}

/**
 * `incremental`: the ledger part from the last checkpoints (only the entries after them), and new
 * checkpoints written when the books are clean (decision 048). Otherwise every entry, as always.
 */
export interface BooksAuditOptions {
  incremental?: boolean;
  now?: Date;
}

/**
 * The books, checked whole: every cached balance recomputed from the ledger and every entry chain
 * followed; every overrun (delivered past an owner's traffic) against its bound, and every reserved
 * counter against the open leases; every account's kept sub-account figures (what /user/info shows)
 * against its sub-accounts' rows. `npm run audit` prints it; the tests' app runs it before it drops
 * its database, so every test leaves balanced books behind.
 */
export async function auditBooks(db: Executor, options: BooksAuditOptions = {}): Promise<BooksAudit> {
  const lines: string[] = [];
  const problems: string[] = [];
  const sinceCheckpoints = options.incremental ? await auditLedgerSinceCheckpoints(db) : undefined;
  const report = sinceCheckpoints ?? (await auditLedger(db));
  lines.push(
    `ledger entries checked: ${report.entries}${options.incremental ? ' (since the checkpoints)' : ''}`,
  );
  for (const m of report.mismatches) {
    problems.push(
      `MISMATCH account ${m.accountId} ${m.asset}: cached ${m.cached}, entries sum ${m.fromEntries}`,
    );
  }
  for (const b of report.brokenChains) {
    problems.push(`BROKEN CHAIN account ${b.accountId} ${b.asset} at entry ${b.entryId}`);
  }
  const credit = await auditOverruns(db);
  const owner = (o: { accountId: number; subaccountId: number | null }) =>
    `account ${o.accountId} ${o.subaccountId === null ? 'main' : `sub-account ${o.subaccountId}`}`;
  lines.push(
    `overrun (delivered past zero): ${credit.totalOverrunBytes} bytes in all, bound ${credit.totalBoundBytes}; ` +
      `still owed ${credit.totalDebtBytes}`,
  );
  for (const o of credit.owners) {
    const line = `  ${owner(o)}: ${o.overrunBytes} bytes, bound ${o.boundBytes}, owed ${o.debtBytes}`;
    if (o.breaches > 0) problems.push(`${line} — BOUND EXCEEDED in ${o.breaches} report(s)`);
    else lines.push(line);
  }
  for (const m of credit.reservedMismatches) {
    problems.push(`MISMATCH ${owner(m)} ${m.counter}: cached ${m.cached}, open leases ${m.fromLeases}`);
  }
  for (const d of await findSubaccountTotalsDrift(db)) {
    problems.push(
      `MISMATCH account ${d.accountId} sub-account figures: kept ${JSON.stringify(d.kept, bigintText)}, ` +
        `rows ${JSON.stringify(d.fromRows, bigintText)}`,
    );
  }
  if (sinceCheckpoints && problems.length === 0) {
    await writeAuditCheckpoints(db, sinceCheckpoints.owners, options.now ?? new Date());
    lines.push(`checkpoints written for ${sinceCheckpoints.owners.length} owner balances`);
  }
  return { lines, problems };
}

function bigintText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

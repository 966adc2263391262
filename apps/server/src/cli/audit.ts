import { auditOverruns } from '../modules/gateway-link/overrun-audit';
import { auditLedger } from '../modules/ledger/ledger.service';
import { findSubaccountTotalsDrift } from '../modules/subaccounts/subaccount.repository';
import { runWithDatabase } from './with-database';

/**
 * `npm run audit`: recomputes every cached balance from the ledger and checks every entry chain, then
 * the credit model: every overrun (delivered past an owner's traffic) against its bound, and every
 * reserved counter against the open leases; last, every account's kept sub-account figures (what
 * /user/info shows) against its sub-accounts' rows. Exits 1 on any mismatch or breach. Uses DATABASE_URL / DATA_DIR like the server (stop a PGlite server first).
 */
runWithDatabase(async (db) => {
  const report = await auditLedger(db);
  console.log(`ledger entries checked: ${report.entries}`);
  for (const m of report.mismatches) {
    console.log(
      `MISMATCH account ${m.accountId} ${m.asset}: cached ${m.cached}, entries sum ${m.fromEntries}`,
    );
  }
  for (const b of report.brokenChains) {
    console.log(`BROKEN CHAIN account ${b.accountId} ${b.asset} at entry ${b.entryId}`);
  }
  const credit = await auditOverruns(db);
  const owner = (o: { accountId: number; subaccountId: number | null }) =>
    `account ${o.accountId} ${o.subaccountId === null ? 'main' : `sub-account ${o.subaccountId}`}`;
  console.log(
    `overrun (delivered past zero): ${credit.totalOverrunBytes} bytes in all, bound ${credit.totalBoundBytes}; ` +
      `still owed ${credit.totalDebtBytes}`,
  );
  for (const o of credit.owners) {
    console.log(
      `  ${owner(o)}: ${o.overrunBytes} bytes, bound ${o.boundBytes}, owed ${o.debtBytes}` +
        (o.breaches > 0 ? ` — BOUND EXCEEDED in ${o.breaches} report(s)` : ''),
    );
  }
  for (const m of credit.reservedMismatches) {
    console.log(`MISMATCH ${owner(m)} reserved: cached ${m.cached}, open leases ${m.fromLeases}`);
  }
  const drift = await findSubaccountTotalsDrift(db);
  for (const d of drift) {
    console.log(
      `MISMATCH account ${d.accountId} sub-account figures: kept ${JSON.stringify(d.kept, bigintText)}, ` +
        `rows ${JSON.stringify(d.fromRows, bigintText)}`,
    );
  }
  const problems =
    report.mismatches.length +
    report.brokenChains.length +
    credit.breaches +
    credit.reservedMismatches.length +
    drift.length;
  console.log(
    problems === 0
      ? 'audit: every balance matches its ledger, every overrun is within its bound'
      : `audit: ${problems} problem(s)`,
  );
  return problems === 0 ? 0 : 1;
});

function bigintText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

import { auditLedger } from '../modules/ledger/ledger.service';
import { runWithDatabase } from './with-database';

/**
 * `npm run audit`: recomputes every cached balance from the ledger and checks every entry chain.
 * Exits 1 on any mismatch. Uses DATABASE_URL / DATA_DIR like the server (stop a PGlite server first).
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
  const problems = report.mismatches.length + report.brokenChains.length;
  console.log(problems === 0 ? 'audit: every balance matches its ledger' : `audit: ${problems} problem(s)`);
  return problems === 0 ? 0 : 1;
});

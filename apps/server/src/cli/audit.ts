import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { auditLedger } from '../modules/ledger/ledger.service';

/**
 * `npm run audit`: recomputes every cached balance from the ledger and checks every entry chain.
 * Exits 1 on any mismatch. Uses DATABASE_URL / DATA_DIR like the server (stop a PGlite server first).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const db = createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
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
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

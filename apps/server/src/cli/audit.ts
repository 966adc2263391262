import { auditBooks } from './books-audit';
import { runWithDatabase } from './with-database';

/**
 * `npm run audit`: the books checked whole (books-audit.ts). Exits 1 on any mismatch or
 * breach. Uses DATABASE_URL / DATA_DIR like the server (stop a PGlite server first).
 * `npm run audit -- --incremental`: the ledger from the last checkpoints, which a clean run moves on.
 */
runWithDatabase(async (db) => {
  const { lines, problems } = await auditBooks(db, { incremental: process.argv.includes('--incremental') });
  for (const line of [...lines, ...problems]) console.log(line);
  console.log(
    problems.length === 0
      ? 'audit: every balance matches its ledger, every overrun is within its bound'
      : `audit: ${problems.length} problem(s)`,
  );
  return problems.length === 0 ? 0 : 1;
});

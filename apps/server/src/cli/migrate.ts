import { runWithDatabase } from './with-database';

/**
 * `npm run migrate` (compiled: `node apps/server/dist/cli/migrate.js`): brings the database at
 * DATABASE_URL (or the embedded one in DATA_DIR) to the latest schema and exits. A deploy step: run it
 * once before starting new API processes when MIGRATE_ON_BOOT is off (docs/deploy.md).
 */
runWithDatabase(async () => {
  console.log('database migrated to the latest schema');
  return 0;
});

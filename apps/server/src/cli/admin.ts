import { parseArgs } from 'node:util';
import { emailSchema } from '@resiport/contract';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { grantOperator } from '../modules/account/operator.service';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  operator <email> [--password <password>]
      Make <email> an operator. An existing account is promoted; otherwise an active operator
      account is created with the given password (8-30 chars, a letter and a number).

Uses the same DATABASE_URL / DATA_DIR as the server. With embedded PGlite, stop the server first
(PGlite allows one process at a time).`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, rawEmail] = positionals;
  if (values.help || command !== 'operator' || !rawEmail) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) {
    console.error(`Not a valid email: ${rawEmail}`);
    return 1;
  }
  const config = loadConfig();
  const db = createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const result = await grantOperator(db, email.data, values.password);
    console.log(`${email.data}: ${result}`);
    return 0;
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

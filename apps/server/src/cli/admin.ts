import { parseArgs } from 'node:util';
import { emailSchema } from '@resiport/contract';
import type { Db } from '../db/database';
import { grantOperator } from '../modules/account/operator.service';
import { removePriceTier, setPackage, setPriceTier } from '../modules/orders/catalog-admin.service';
import { runWithDatabase } from './with-database';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  operator <email> [--password <password>]
      Make <email> an operator. An existing account is promoted; otherwise an active operator
      account is created with the given password (8-30 chars, a letter and a number).
  price-tier <min-gb> <usd-per-gb>
      Set the per-GB price from <min-gb> GB upwards (e.g. price-tier 10 4.00).
  price-tier <min-gb> --remove
      Remove a tier (the 1 GB base tier stays).
  package <code> <gb> <usd> [--trial] [--inactive]
      Create or change a package (e.g. package pro 25 100.00; package trial 0.1 0 --trial).

Uses the same DATABASE_URL / DATA_DIR as the server. With embedded PGlite, stop the server first
(PGlite allows one process at a time).`;

interface Values {
  password?: string;
  remove?: boolean;
  trial?: boolean;
  inactive?: boolean;
}

async function run(db: Db, [command, ...args]: string[], values: Values): Promise<string | undefined> {
  if (command === 'operator' && args[0]) {
    const email = emailSchema.safeParse(args[0]);
    if (!email.success) throw new Error(`Not a valid email: ${args[0]}`);
    return `${email.data}: ${await grantOperator(db, email.data, values.password)}`;
  }
  if (command === 'price-tier' && args[0]) {
    const minGb = Number(args[0]);
    if (values.remove) {
      await removePriceTier(db, minGb);
      return `price tier from ${minGb} GB removed`;
    }
    if (!args[1]) return undefined;
    await setPriceTier(db, minGb, args[1]);
    return `price from ${minGb} GB: ${args[1]} USD/GB`;
  }
  if (command === 'package' && args[0] && args[1] && args[2]) {
    await setPackage(db, {
      code: args[0],
      gb: args[1],
      usd: args[2],
      trial: Boolean(values.trial),
      active: !values.inactive,
    });
    return `package ${args[0]}: ${args[1]} GB for ${args[2]} USD${values.trial ? ' (trial)' : ''}`;
  }
  return undefined;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    password: { type: 'string' },
    remove: { type: 'boolean' },
    trial: { type: 'boolean' },
    inactive: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help || positionals.length === 0) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

runWithDatabase(async (db) => {
  const result = await run(db, positionals, values);
  console.log(result ?? USAGE);
  return result ? 0 : 1;
});

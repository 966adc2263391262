import { parseArgs } from 'node:util';
import { BYTES_PER_GB, centsToUsd, emailSchema } from '@resiport/contract';
import type { Db } from '../db/database';
import { grantOperator } from '../modules/account/operator.service';
import { removePriceTier, setPackage, setPriceTier } from '../modules/orders/catalog-admin.service';
import {
  allCoupons,
  createCoupon,
  disableCoupon,
  type CouponRow,
} from '../modules/orders/coupon-admin.service';

import { commandLine } from '../modules/audit/audit.service';
import { refundOrder } from '../modules/orders/order-refund.service';
import { inEnglish } from '../lib/in-english';
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
  coupon add <CODE> <discount> [--expires <date>] [--max-uses <n>] [--per-account <n>] [--account-id <id>]
      Create a coupon: <discount> is a percent ("15%") or a USD amount ("5.00"); --expires takes
      2026-12-31 (end of that day, UTC) or an ISO date-time; --account-id makes it personal.
  coupon list
      Every coupon with its uses.
  coupon disable <CODE>
      Stop a coupon from being used (orders already placed keep their discount).
  refund-order <order-id> [--reason <text>]
      Refund an order paid from the balance: its unused traffic is removed and the money for that
      share returns to the balance. Crypto payments are not refundable.

Every catalogue change takes an optional --reason <text>, kept with it in the operator audit log
(the console's "Audit log" page lists command-line changes too).

Uses the same DATABASE_URL / DATA_DIR as the server. With embedded PGlite, stop the server first
(PGlite allows one process at a time).`;

interface Values {
  password?: string;
  remove?: boolean;
  trial?: boolean;
  inactive?: boolean;
  expires?: string;
  'max-uses'?: string;
  'per-account'?: string;
  'account-id'?: string;
  reason?: string;
}

const usd = (cents: bigint) => centsToUsd(Number(cents));

function describeCoupon(c: CouponRow): string {
  const discount = c.kind === 'percent' ? `${c.value}%` : `${usd(c.value)} USD`;
  const limits = [
    `uses ${c.uses}${c.max_uses === null ? '' : `/${c.max_uses}`}`,
    c.max_uses_per_account === null ? '' : `${c.max_uses_per_account} per account`,
    c.expires_at ? `expires ${c.expires_at.toISOString()}` : '',
    c.account_id === null ? '' : `only account ${c.account_id}`,
    c.active ? '' : 'disabled',
  ];
  return [`${c.code}: ${discount} off`, ...limits.filter(Boolean)].join(', ');
}

async function couponCommand(db: Db, [action, code, discount]: string[], values: Values) {
  if (action === 'add' && code && discount) {
    const accountId = values['account-id'];
    if (accountId !== undefined && !/^\d+$/.test(accountId)) throw new Error('--account-id takes a number');
    const coupon = await createCoupon(db, {
      code,
      discount,
      expires: values.expires,
      maxUses: values['max-uses'],
      perAccount: values['per-account'],
      accountId: accountId === undefined ? undefined : Number(accountId),
      reason: values.reason,
    });
    return `created ${describeCoupon(coupon)}`;
  }
  if (action === 'list') return (await allCoupons(db)).map(describeCoupon).join('\n') || 'no coupons';
  if (action === 'disable' && code) {
    await disableCoupon(db, code, values.reason);
    return `coupon ${code.toUpperCase()} disabled`;
  }
  return undefined;
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
      await removePriceTier(db, minGb, values.reason);
      return `price tier from ${minGb} GB removed`;
    }
    if (!args[1]) return undefined;
    await setPriceTier(db, minGb, args[1], values.reason);
    return `price from ${minGb} GB: ${args[1]} USD/GB`;
  }
  if (command === 'package' && args[0] && args[1] && args[2]) {
    await setPackage(db, {
      code: args[0],
      gb: args[1],
      usd: args[2],
      trial: Boolean(values.trial),
      active: !values.inactive,
      reason: values.reason,
    });
    return `package ${args[0]}: ${args[1]} GB for ${args[2]} USD${values.trial ? ' (trial)' : ''}`;
  }
  if (command === 'coupon') return couponCommand(db, args, values);
  if (command === 'refund-order' && args[0]) {
    if (!/^\d+$/.test(args[0])) throw new Error(`not an order id: ${args[0]}`);
    const refund = await inEnglish(
      refundOrder(db, {
        orderId: Number(args[0]),
        actor: commandLine,
        reason: values.reason ?? null,
        idempotencyKey: null,
        at: new Date(),
      }),
    );
    const gb = Number(refund.removedBytes) / BYTES_PER_GB;
    return `order ${refund.orderId} refunded: ${usd(refund.refundedCents)} USD back, ${gb} GB removed`;
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
    expires: { type: 'string' },
    'max-uses': { type: 'string' },
    'per-account': { type: 'string' },
    'account-id': { type: 'string' },
    reason: { type: 'string' },
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

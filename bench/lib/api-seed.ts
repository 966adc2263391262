import { sql } from 'kysely';
import type { AppContext } from '../../apps/server/src/context';
import { applyUsageBatch } from '../../apps/server/src/modules/gateway-link/usage.service';
import { post } from '../../apps/server/src/modules/ledger/ledger.service';
import { addSubaccount } from '../../apps/server/src/modules/subaccounts/subaccount.service';
import { deleteSubaccount } from '../../apps/server/src/modules/subaccounts/traffic-transfer.service';
import { settleSeed } from './seed-settle';

const GB = 1_000_000_000n;

export interface ApiSeed {
  subaccounts: number;
  days: number;
  hourlyRows: number;
  dailyRows: number;
}

/**
 * A customer the portal's hot reads have something to read: `subs` sub-accounts created and given
 * traffic through the product's own services (so every figure is the product's, not made up), some
 * of them used up, two deleted; 30 days of hourly usage history per owner (main account included) in
 * the rollups, and today's usage applied as gateway batches. The account keeps traffic left.
 */
export async function seedBenchAccount(
  ctx: AppContext,
  accountId: number,
  options: { subs: number; days: number },
): Promise<ApiSeed> {
  const { db } = ctx;
  await db
    .transaction()
    .execute((trx) =>
      post(trx, { accountId, asset: 'traffic', kind: 'adjustment', amount: BigInt(options.subs + 20) * GB }),
    );
  const ids: number[] = [];
  for (let i = 0; i < options.subs; i++) {
    const sub = await addSubaccount(
      ctx,
      { id: accountId },
      {
        username: `benchapi${String(i).padStart(6, '0')}`,
        password: undefined,
        remark: `bench ${i}`,
        trafficBytes: GB,
      },
    );
    ids.push(sub.id);
  }
  await seedHistory(ctx, accountId, options.days);
  // Today: every owner used some of its traffic, every fifth sub-account all of it.
  const entries = [null, ...ids].map((subaccountId, i) => ({
    account_id: accountId,
    subaccount_id: subaccountId,
    bytes_up: 1_000_000,
    bytes_down: i % 5 === 1 ? Number(GB) : 50_000_000 + i * 1000,
    connections: 3,
    tunnels: 1,
  }));
  await applyUsageBatch(ctx, { batchId: 'bench-api:1', instanceId: 'bench-api', entries });
  // A long-lived account has deleted some (their usage still counts in the used total).
  for (const id of ids.slice(-2)) await deleteSubaccount(ctx, { id: accountId }, id);
  const rows = await settleSeed(db, [
    'accounts',
    'subaccounts',
    'usage_hourly',
    'usage_daily',
    'usage_batches',
  ]);
  return {
    subaccounts: options.subs,
    days: options.days,
    ...rows,
  };
}

/** Hourly usage of every owner before the current hour, and the daily rollup summed from it. */
async function seedHistory(ctx: AppContext, accountId: number, days: number): Promise<void> {
  const { db } = ctx;
  await sql`insert into usage_hourly (account_id, subaccount_id, source_ip, hour, bytes_up, bytes_down, connections)
    select ${accountId}, o.id, '', h.hour,
           (o.id * 7919 + h.n * 104729) % 2000000,
           (o.id * 15485863 + h.n * 32452843) % 90000000,
           (o.id + h.n) % 50
    from (select 0 as id union all select id from subaccounts where account_id = ${accountId}) o
    cross join lateral (
      select hour, (extract(epoch from hour) / 3600)::bigint as n
      from generate_series(date_trunc('hour', now()) - make_interval(days => ${days}),
                           date_trunc('hour', now()) - interval '1 hour', interval '1 hour') as hour
    ) h`.execute(db);
  await sql`insert into usage_daily (account_id, subaccount_id, source_ip, day, bytes_up, bytes_down, connections)
    select account_id, subaccount_id, source_ip, (hour at time zone 'UTC')::date,
           sum(bytes_up), sum(bytes_down), sum(connections)
    from usage_hourly where account_id = ${accountId}
    group by account_id, subaccount_id, source_ip, (hour at time zone 'UTC')::date`.execute(db);
}

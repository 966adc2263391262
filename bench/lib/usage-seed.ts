import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database';
import { settleSeed } from './seed-settle';

export interface UsageSeed {
  subaccounts: number;
  days: number;
  hourlyRows: number;
  dailyRows: number;
  batches: number;
  seconds: number;
}

/**
 * A heavy customer's history, written by PostgreSQL itself (generate_series, INSERT … SELECT): `subs`
 * sub-accounts with usage every hour of the last `days` days up to the current hour, the matching
 * daily rollup (summed from the hourly rows, as the migration backfills it), and `batches` applied
 * usage batches (so "newest batch" has a real table to look in). Byte counts vary per owner and hour.
 */
export async function seedUsageHistory(
  db: Db,
  accountId: number,
  options: { subs: number; days: number; batches: number },
): Promise<UsageSeed> {
  const started = performance.now();
  await sql`insert into subaccounts (account_id, username, password_cipher)
    select ${accountId}, 'benchsub' || lpad(i::text, 6, '0'), 'bench-not-a-cipher'
    from generate_series(1, ${options.subs}) as i`.execute(db);
  await sql`insert into usage_hourly (account_id, subaccount_id, source_ip, hour, bytes_up, bytes_down, connections)
    select ${accountId}, s.id, '', h.hour,
           (s.id * 7919 + h.n * 104729) % 2000000,
           (s.id * 15485863 + h.n * 32452843) % 90000000,
           (s.id + h.n) % 50
    from subaccounts s
    cross join lateral (
      select hour, (extract(epoch from hour) / 3600)::bigint as n
      from generate_series(date_trunc('hour', now()) - make_interval(days => ${options.days}) + interval '1 hour',
                           date_trunc('hour', now()), interval '1 hour') as hour
    ) h
    where s.account_id = ${accountId}`.execute(db);
  await sql`insert into usage_daily (account_id, subaccount_id, source_ip, day, bytes_up, bytes_down, connections)
    select account_id, subaccount_id, source_ip, (hour at time zone 'UTC')::date,
           sum(bytes_up), sum(bytes_down), sum(connections)
    from usage_hourly where account_id = ${accountId}
    group by account_id, subaccount_id, source_ip, (hour at time zone 'UTC')::date`.execute(db);
  await sql`insert into usage_batches (batch_id, instance_id, received_at)
    select 'bench-gw:' || i, 'bench-gw', now() - make_interval(secs => i)
    from generate_series(1, ${options.batches}) as i`.execute(db);
  const rows = await settleSeed(db, ['subaccounts', 'usage_hourly', 'usage_daily', 'usage_batches']);
  return {
    subaccounts: options.subs,
    days: options.days,
    ...rows,
    batches: options.batches,
    seconds: (performance.now() - started) / 1000,
  };
}

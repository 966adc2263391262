import { successData } from '@resiport/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subaccountCalls } from '../../../test/subaccounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CSV_MAX_ROWS } from '../../lib/csv';
import { dayOf, trafficCalls } from './traffic.test-helpers';
import { IP1, IP2, seedUsage, type Seeded } from './traffic.test-seed';

/** `/traffic/details` over usage applied through the real gateway route (see traffic.test-seed.ts). */
describe('traffic details: rows per hour or day, per owner and address, with totals and CSV', () => {
  let t: TestApp;
  let s: Seeded;
  beforeAll(async () => {
    t = await createTestApp();
    s = await seedUsage(t);
  });
  afterAll(() => t.close());

  const { get, raw } = trafficCalls(() => t);
  const details = async (query: Record<string, string>) =>
    successData(await get('details', query, s.a.headers));
  const row = (
    period: string,
    who: number | null,
    ip: string | null,
    up: number,
    down: number,
    n: number,
  ) => ({
    period,
    subaccount_id: who,
    username: who === s.s1.id ? s.s1.username : who === s.s2.id ? s.s2.username : null,
    source_ip: ip,
    bytes_up: up,
    bytes_down: down,
    bytes_total: up + down,
    requests: n,
  });
  const hourly = () => {
    const d1 = dayOf(s.d0, 1);
    return [
      row(`${d1}T10:00:00.000Z`, null, IP1, 1e6, 1e6, 2),
      row(`${d1}T10:00:00.000Z`, s.s1.id, null, 3e6, 30e6, 4),
      row(`${s.d0}T05:00:00.000Z`, null, null, 0, 1_000_001, 1),
      row(`${s.d0}T05:00:00.000Z`, null, IP2, 1e6, 2e6, 1),
      row(`${s.d0}T05:00:00.000Z`, s.s2.id, null, 2e6, 20e6, 3),
      row(`${s.d0}T01:00:00.000Z`, null, IP1, 0.5e6, 5e6, 1),
      row(`${s.d0}T01:00:00.000Z`, s.s1.id, null, 2e6, 11e6, 3),
    ];
  };
  const twoDays = () => ({ start_date: s.d0, end_date: dayOf(s.d0, 1) });

  it('lists a 2-day range per hour of receipt, newest first, with the totals of the range', async () => {
    const data = await details({ ...twoDays(), page_size: '100' });
    expect(data).toMatchObject({ granularity: 'hour', total: 7, start_date: s.d0, end_date: dayOf(s.d0, 1) });
    expect(data.list).toEqual(hourly());
    expect(data.totals).toEqual({
      bytes_up: 9_500_000,
      bytes_down: 70_000_001,
      bytes_total: 79_500_001,
      requests: 15,
    });
    expect(Date.parse(data.last_flush_at ?? '') - s.lastFlush.getTime()).toBeGreaterThanOrEqual(0);
    expect(Date.parse(data.last_flush_at ?? '') - s.lastFlush.getTime()).toBeLessThan(10_000);
  });

  it('pages the rows and keeps the totals of the whole filtered range', async () => {
    const pages = [];
    for (const page of ['1', '2', '3', '4']) {
      pages.push(await details({ ...twoDays(), page, page_size: '3' }));
    }
    expect(pages.map((p) => p.list.length)).toEqual([3, 3, 1, 0]);
    expect(pages.flatMap((p) => p.list)).toEqual(hourly());
    for (const page of pages) expect(page).toMatchObject({ total: 7, totals: { bytes_total: 79_500_001 } });
  });

  it('lists the default 30 days up to today per day', async () => {
    const data = await details({ page_size: '100' });
    const day = (d: number) => `${dayOf(s.d0, d)}T00:00:00.000Z`;
    expect(data).toMatchObject({
      granularity: 'day',
      total: 10,
      start_date: dayOf(s.today, -29),
      end_date: s.today,
    });
    expect(data.list).toEqual([
      row(day(20), null, IP1, 0, 3e6, 1),
      row(day(20), s.s1.id, null, 1e6, 2e6, 1),
      row(day(15), s.s2.id, null, 5e6, 50e6, 5),
      row(day(1), null, IP1, 1e6, 1e6, 2),
      row(day(1), s.s1.id, null, 3e6, 30e6, 4),
      row(day(0), null, null, 0, 1_000_001, 1),
      row(day(0), null, IP2, 1e6, 2e6, 1),
      row(day(0), null, IP1, 0.5e6, 5e6, 1),
      row(day(0), s.s1.id, null, 2e6, 11e6, 3),
      row(day(0), s.s2.id, null, 2e6, 20e6, 3),
    ]);
    expect(data.totals).toEqual({
      bytes_up: 15_500_000,
      bytes_down: 125_000_001,
      bytes_total: 140_500_001,
      requests: 22,
    });
  });

  it('filters by sub-account, by the main account (0) and by address in any spelling', async () => {
    const bySub = await details({ ...twoDays(), subaccount_id: String(s.s1.id) });
    expect(bySub.list).toEqual(hourly().filter((r) => r.subaccount_id === s.s1.id));
    expect(bySub.totals).toEqual({ bytes_up: 5e6, bytes_down: 41e6, bytes_total: 46e6, requests: 7 });
    const main = await details({ ...twoDays(), subaccount_id: '0' });
    expect(main.list).toEqual(hourly().filter((r) => r.subaccount_id === null));
    const byIp = await details({ source_ip: '2001:DB8:0::7' });
    expect(byIp.list).toEqual([row(`${s.d0}T00:00:00.000Z`, null, IP2, 1e6, 2e6, 1)]);
    expect((await details({ ...twoDays(), subaccount_id: String(s.s2.id), source_ip: IP1 })).total).toBe(0);
  });

  it('shows each account only its own usage', async () => {
    const theirs = successData(await get('details', { ...twoDays() }, s.b.headers));
    expect(theirs.list).toEqual([
      expect.objectContaining({ subaccount_id: s.bSub.id, bytes_up: 7e6, bytes_down: 7e6, requests: 7 }),
    ]);
  });

  it('exports every row of the range as CSV in MB with six decimals, whatever the page', async () => {
    const response = await raw({ ...twoDays(), format: 'csv', page_size: '2' }, s.a.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="traffic-details-${s.d0}-${dayOf(s.d0, 1)}.csv"`,
    );
    const d1 = dayOf(s.d0, 1);
    expect(response.body).toBe(
      [
        'period_utc,subaccount,source_ip,upload_mb,download_mb,total_mb,requests',
        `${d1}T10:00:00.000Z,,${IP1},1.000000,1.000000,2.000000,2`,
        `${d1}T10:00:00.000Z,${s.s1.username},,3.000000,30.000000,33.000000,4`,
        `${s.d0}T05:00:00.000Z,,,0.000000,1.000001,1.000001,1`,
        `${s.d0}T05:00:00.000Z,,${IP2},1.000000,2.000000,3.000000,1`,
        `${s.d0}T05:00:00.000Z,${s.s2.username},,2.000000,20.000000,22.000000,3`,
        `${s.d0}T01:00:00.000Z,,${IP1},0.500000,5.000000,5.500000,1`,
        `${s.d0}T01:00:00.000Z,${s.s1.username},,2.000000,11.000000,13.000000,3`,
        '',
      ].join('\r\n'),
    );
    const empty = await raw({ start_date: '2020-01-01', end_date: '2020-01-31', format: 'csv' }, s.a.headers);
    expect(empty.body).toBe('period_utc,subaccount,source_ip,upload_mb,download_mb,total_mb,requests\r\n');
  });

  it(`stops a CSV export at ${CSV_MAX_ROWS} rows, newest first, and says so`, async () => {
    const heavy = await subaccountCalls(() => t).customer();
    // 366 days × 274 owners = 100 284 daily rows, written straight into the rollup.
    await sql`insert into usage_daily (account_id, subaccount_id, day, bytes_up, bytes_down, connections)
      select ${heavy.id}, owner, ${s.today}::date - back, 1, 2, 1
      from generate_series(0, 365) as back, generate_series(1, 274) as owner`.execute(t.ctx.db);
    const query = { start_date: dayOf(s.today, -365), end_date: s.today, format: 'csv' };
    const response = await raw(query, heavy.headers);
    expect(response.headers['x-csv-truncated']).toBe('true');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(CSV_MAX_ROWS + 1);
    expect(lines[1]?.startsWith(`${s.today}T00:00:00.000Z,`)).toBe(true);
    const full = await raw({ ...query, start_date: dayOf(s.today, -1) }, heavy.headers);
    expect(full.headers['x-csv-truncated']).toBeUndefined();
  });

  it('counts a batch applied twice once, in the hourly and the daily rollup', async () => {
    const read = (table: 'usage_hourly' | 'usage_daily') =>
      t.ctx.db
        .selectFrom(table)
        .select(['bytes_up', 'bytes_down', 'connections'])
        .where('account_id', '=', s.a.id)
        .where('subaccount_id', '=', s.s1.id)
        .execute();
    const sum = (rows: { bytes_up: bigint; bytes_down: bigint; connections: bigint }[]) =>
      rows.reduce<[bigint, bigint, bigint]>(
        ([up, down, n], r) => [up + r.bytes_up, down + r.bytes_down, n + r.connections],
        [0n, 0n, 0n],
      );
    // s1: batches 1 and 2 (one hour), 4 (sent twice) and 6: three hours on three days.
    expect(sum(await read('usage_hourly'))).toEqual([6_000_000n, 43_000_000n, 8n]);
    expect(sum(await read('usage_daily'))).toEqual([6_000_000n, 43_000_000n, 8n]);
    expect(await read('usage_hourly')).toHaveLength(3);
    expect(await read('usage_daily')).toHaveLength(3);
  });
});

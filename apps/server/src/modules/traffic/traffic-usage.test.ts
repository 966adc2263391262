import { USAGE_TOP_OWNERS, type UsageEntry, type UsagePoint, subEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subaccountCalls, type SubData } from '../../../test/subaccounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dayOf, trafficCalls } from './traffic.test-helpers';
import { seedUsage, type Seeded } from './traffic.test-seed';

/** `/traffic/usage` over usage applied through the real gateway route (see traffic.test-seed.ts). */
describe('traffic usage: a zero-filled series, the biggest owners, range and recent totals', () => {
  let t: TestApp;
  let s: Seeded;
  beforeAll(async () => {
    t = await createTestApp();
    s = await seedUsage(t);
  });
  afterAll(() => t.close());

  const { get, usage: sendUsage } = trafficCalls(() => t);
  const usage = async (query: Record<string, string>, headers = s.a.headers) =>
    successData(await get('usage', query, headers));
  const point = (period: string, up: number, down: number, requests: number): UsagePoint => ({
    period,
    bytes_up: up,
    bytes_down: down,
    bytes_total: up + down,
    requests,
  });
  /** Every period zero except the given ones (by index). */
  const zeroFilled = (periods: string[], used: Record<number, [number, number, number]>) =>
    periods.map((period, i) => {
      const [up, down, n] = used[i] ?? [0, 0, 0];
      return point(period, up, down, n);
    });
  const only = (length: number, values: Record<number, number>) =>
    Array.from({ length }, (_, i) => values[i] ?? 0);

  it('gives every day of the default 30 days, oldest first, zero where nothing was used', async () => {
    const data = await usage({});
    const days = Array.from({ length: 30 }, (_, i) => `${dayOf(s.today, i - 29)}T00:00:00.000Z`);
    expect(data).toMatchObject({ start_date: dayOf(s.today, -29), end_date: s.today, granularity: 'day' });
    // D0 is day 9 of the range, D0+1 day 10, D0+15 day 24, D0+20 (today) day 29.
    expect(data.series).toEqual(
      zeroFilled(days, {
        9: [5_500_000, 39_000_001, 9],
        10: [4_000_000, 31_000_000, 6],
        24: [5_000_000, 50_000_000, 5],
        29: [1_000_000, 5_000_000, 2],
      }),
    );
    expect(data.range_totals).toEqual({
      bytes_up: 15_500_000,
      bytes_down: 125_000_001,
      bytes_total: 140_500_001,
      requests: 22,
    });
    expect(data.owners).toEqual([
      {
        subaccount_id: s.s2.id,
        username: s.s2.username,
        bytes_total: 77e6,
        points: only(30, { 9: 22e6, 24: 55e6 }),
      },
      {
        subaccount_id: s.s1.id,
        username: s.s1.username,
        bytes_total: 49e6,
        points: only(30, { 9: 13e6, 10: 33e6, 29: 3e6 }),
      },
      {
        subaccount_id: null,
        username: null,
        bytes_total: 14_500_001,
        points: only(30, { 9: 9_500_001, 10: 2e6, 29: 3e6 }),
      },
    ]);
    expect(data.totals).toEqual({
      today_bytes: 6e6,
      last_7_days_bytes: 61e6,
      last_30_days_bytes: 140_500_001,
    });
    const flushed = Date.parse(data.last_flush_at ?? '') - s.lastFlush.getTime();
    expect(flushed >= 0 && flushed < 10_000).toBe(true);
  });

  it('gives every hour of a 2-day range, and the owners on the same hours', async () => {
    const data = await usage({ start_date: s.d0, end_date: dayOf(s.d0, 1) });
    const hours = Array.from({ length: 48 }, (_, i) =>
      new Date(Date.parse(`${s.d0}T00:00:00Z`) + i * 3_600_000).toISOString(),
    );
    expect(data.granularity).toBe('hour');
    expect(data.series).toEqual(
      zeroFilled(hours, { 1: [2_500_000, 16_000_000, 4], 5: [3_000_000, 23_000_001, 5], 34: [4e6, 31e6, 6] }),
    );
    expect(data.owners.map((o) => [o.subaccount_id, o.bytes_total])).toEqual([
      [s.s1.id, 46e6],
      [s.s2.id, 22e6],
      [null, 11_500_001],
    ]);
    expect(data.owners[0]?.points).toEqual(only(48, { 1: 13e6, 34: 33e6 }));
    // Recent totals do not depend on the range asked for.
    expect(data.totals).toEqual({
      today_bytes: 6e6,
      last_7_days_bytes: 61e6,
      last_30_days_bytes: 140_500_001,
    });
  });

  it('narrows everything to one sub-account, or to the main account with 0', async () => {
    const one = await usage({ subaccount_id: String(s.s1.id) });
    expect(one.owners.map((o) => o.subaccount_id)).toEqual([s.s1.id]);
    expect(one.range_totals).toEqual({ bytes_up: 6e6, bytes_down: 43e6, bytes_total: 49e6, requests: 8 });
    expect(one.totals).toEqual({ today_bytes: 3e6, last_7_days_bytes: 3e6, last_30_days_bytes: 49e6 });
    const main = await usage({ subaccount_id: '0' });
    expect(main.owners).toEqual([expect.objectContaining({ subaccount_id: null, bytes_total: 14_500_001 })]);
    expect(main.range_totals).toEqual({
      bytes_up: 2_500_000,
      bytes_down: 12_000_001,
      bytes_total: 14_500_001,
      requests: 6,
    });
    expect(main.totals).toEqual({ today_bytes: 3e6, last_7_days_bytes: 3e6, last_30_days_bytes: 14_500_001 });
    const year = await usage({ start_date: dayOf(s.today, -365) });
    expect(year.series).toHaveLength(366);
    expect(year.range_totals.bytes_total).toBe(140_500_001);
  });

  it('shows each account only its own usage', async () => {
    const theirs = await usage({}, s.b.headers);
    expect(theirs.range_totals.bytes_total).toBe(14e6);
    expect(theirs.owners).toEqual([expect.objectContaining({ subaccount_id: s.bSub.id, bytes_total: 14e6 })]);
  });

  it(`keeps the ${USAGE_TOP_OWNERS} biggest owners, biggest first, while the series counts everyone`, async () => {
    const subs = subaccountCalls(() => t);
    const c = await subs.customer(1);
    const made: SubData[] = [];
    for (let i = 0; i < USAGE_TOP_OWNERS + 2; i++) {
      made.push(successData(await subs.add(c.headers, { username: subs.username('many'), traffic: '0.01' })));
    }
    // Sub-account i uses (i + 1) × 1000 bytes, the main account 3500.
    const entries: UsageEntry[] = made.map((sub, i) => ({
      account_id: c.id,
      subaccount_id: sub.id,
      bytes_up: 0,
      bytes_down: (i + 1) * 1000,
      connections: 1,
    }));
    entries.push({ account_id: c.id, subaccount_id: null, bytes_up: 3500, bytes_down: 0, connections: 1 });
    expect((await sendUsage(entries, 'gw-traffic:many')).data).toEqual({ applied: true });
    const data = await usage({}, c.headers);
    expect(data.owners.map((o) => [o.subaccount_id, o.bytes_total])).toEqual([
      [made[6]?.id, 7000],
      [made[5]?.id, 6000],
      [made[4]?.id, 5000],
      [made[3]?.id, 4000],
      [null, 3500],
    ]);
    expect(data.range_totals.bytes_total).toBe(28_000 + 3500);
    expect(data.totals.today_bytes).toBe(31_500);

    // A deleted sub-account keeps its usage but no name: the portal reads "Deleted sub-account #N"
    // and links nowhere (its page is gone).
    const gone = made[6]?.id ?? 0;
    expect((await t.send(subEndpoints.delete, { id: gone }, { headers: c.headers })).code).toBe(0);
    const after = await usage({}, c.headers);
    expect(after.owners[0]).toMatchObject({ subaccount_id: gone, username: null, bytes_total: 7000 });
    expect(after.owners[1]).toMatchObject({ subaccount_id: made[5]?.id, username: made[5]?.username });
  });
});

import { internalGatewayEndpoints, type TrafficChange } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, fundedCustomer, payOrder } from '../../../test/factories';
import { subaccountCalls, type SubData } from '../../../test/subaccounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { at, dayOf, GB, MB, trafficCalls } from './traffic.test-helpers';

/**
 * The change record shows the gateway's traffic as `usage` rows (per owner and UTC day), so each
 * owner's running balance reconciles row to row (decision 027): a purchase, an allocation, usage on
 * two UTC days (a lease used and returned, a lease that spans midnight, usage past any lease) and a
 * recycle.
 */
describe('traffic change record: usage rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { get, usage, internal } = trafficCalls(() => t);
  const subs = subaccountCalls(() => t);
  let list: TrafficChange[] = [];
  let sub: SubData;
  let d1: string;
  let d2: string;
  let balances: { main: number; sub: number };

  beforeAll(async () => {
    d1 = dayOf(t.ctx.clock(), -2);
    d2 = dayOf(d1, 1);
    const account = await fundedCustomer(t, 5000);
    const headers = authHeader(account.token);
    // The ledger stamps its entries with the database's time: each step's new entries are moved to
    // the step's UTC instant afterwards (a millisecond apart, in order), so the steps span two days.
    let stamped = 0n;
    const stamp = async (when: Date) => {
      const { rows } = await sql<{ id: bigint }>`
        update ledger_entries
        set created_at = ${when}::timestamptz + (id - ${stamped} - 1) * interval '1 millisecond'
        where account_id = ${account.id} and asset = 'traffic' and id > ${stamped}
        returning id`.execute(t.ctx.db);
      for (const row of rows) if (row.id > stamped) stamped = row.id;
    };
    expect((await payOrder(t, account.token, { quantity: '2', way: 'balance' })).code).toBe(0);
    sub = successData(await subs.add(headers, { username: subs.username('ledger'), traffic: '0.5' }));
    await stamp(at(d1, 1));
    const main = { account_id: account.id, subaccount_id: null, instance_id: 'gw-usage-log' };
    const bytes = (subaccountId: number | null, down: number) => [
      { account_id: account.id, subaccount_id: subaccountId, bytes_up: 0, bytes_down: down, connections: 1 },
    ];

    await internal(internalGatewayEndpoints.lease, { ...main, want_bytes: 10 * MB });
    await usage(bytes(null, 4 * MB));
    await internal(internalGatewayEndpoints.release, main);
    await usage(bytes(sub.id, MB));
    await stamp(at(d1, 3));
    // A lease taken before midnight and given back after it.
    await internal(internalGatewayEndpoints.lease, { ...main, want_bytes: 10 * MB });
    await stamp(at(d1, 23, 50));

    await usage(bytes(null, 2 * MB));
    await internal(internalGatewayEndpoints.release, main);
    await stamp(at(d2, 0, 20));
    const recycle = { id: String(sub.id), action: 'recycle', traffic: '0.2', request_id: 'usage-log-1' };
    expect((await subs.move(headers, recycle)).code).toBe(0);
    await stamp(at(d2, 2));
    // The sub-account uses 300 MB with 299 MB left: the main account pays the last 1 MB for it.
    await usage([...bytes(sub.id, 300 * MB), ...bytes(null, MB)]);
    await stamp(at(d2, 3));

    const response = await get('changelog', { start_date: d1, end_date: d2, page_size: '100' }, headers);
    expect(response.code).toBe(0);
    list = successData(response).list;
    const mainLeft = await t.ctx.db
      .selectFrom('accounts')
      .select('traffic_left_bytes')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    const subLeft = await t.ctx.db
      .selectFrom('subaccounts')
      .select('traffic_left_bytes')
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    balances = { main: Number(mainLeft.traffic_left_bytes), sub: Number(subLeft.traffic_left_bytes) };
  });

  const rowsOf = (subaccountId: number | null) =>
    list.filter((row) => row.subaccount_id === subaccountId).reverse();

  it("reconciles each owner's running balance row to row, up to the balance it has now", () => {
    for (const [owner, now] of [
      [null, balances.main],
      [sub.id, balances.sub],
    ] as const) {
      const rows = rowsOf(owner);
      let balance = 0;
      for (const row of rows) {
        expect(row.balance_before_bytes).toBe(balance);
        expect(row.balance_after_bytes).toBe(row.balance_before_bytes + row.amount_bytes);
        balance = row.balance_after_bytes;
      }
      expect(balance).toBe(now);
    }
  });

  it('shows the gateway traffic as usage rows per owner and UTC day', () => {
    const summary = (subaccountId: number | null) =>
      rowsOf(subaccountId).map((row) => [row.kind, row.time.slice(0, 10), row.amount_bytes]);
    expect(summary(null)).toEqual([
      ['purchase', d1, 2 * GB],
      ['allocate', d1, -0.5 * GB],
      // 4 MB used of the first lease. A lease's grants reach the ledger when it settles (decision 045),
      // so the second lease (10 MB), held over midnight, shows on the next day, with the 8 MB it did
      // not use given back: 2 MB …
      ['usage', d1, -4 * MB],
      ['usage', d2, -2 * MB],
      // … then 1 MB used past any lease, and 1 MB paid for the sub-account past its traffic.
      ['recycle', d2, 0.2 * GB],
      ['usage', d2, -2 * MB],
    ]);
    expect(summary(sub.id)).toEqual([
      ['allocate', d1, 0.5 * GB],
      ['usage', d1, -MB],
      ['recycle', d2, -0.2 * GB],
      ['usage', d2, -299 * MB],
    ]);
    // Only the main account's last usage row paid for a sub-account, and it says how much.
    expect(rowsOf(null).map((row) => row.for_subaccounts_bytes)).toEqual([0, 0, 0, 0, 0, -MB]);
    expect(rowsOf(sub.id).every((row) => row.for_subaccounts_bytes === 0)).toBe(true);
    const firstUsage = rowsOf(null).find((row) => row.kind === 'usage');
    // It spans its entries: the first lease's grant and its return, written when it was given back.
    expect(firstUsage?.since).toBe(at(d1, 3).toISOString());
    expect(firstUsage && firstUsage.time > at(d1, 3).toISOString()).toBe(true);
    expect(list.filter((row) => row.kind !== 'usage').every((row) => row.since === null)).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subaccountCalls, type SubData } from '../../../test/subaccounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountEndpoints, subEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';

const GB = 1_000_000_000;
const MB = 1_000_000;

/**
 * /user/info reports the sub-accounts' part of the customer's traffic beside the main
 * account's, so the header can say the total, and counts sub-accounts out of traffic and low.
 */
describe('/user/info: the traffic split between the main account and its sub-accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The books are not audited at close: the gateway link's counters are written directly here, outside the ledger.
    t = await createTestApp({}, { auditAtClose: false });
  });
  afterAll(() => t.close());

  const { username, customer, add } = subaccountCalls(() => t);
  const info = async (headers: Record<string, string>) =>
    successData(await t.send(accountEndpoints.userInfo, {}, { headers }));

  it('everything allocated: the main account is at zero, the sub-accounts hold the rest', async () => {
    const { headers } = await customer(10.08);
    expect((await add(headers, { username: username(), traffic: '10.08' })).code).toBe(0);
    expect(await info(headers)).toMatchObject({
      traffic_left_bytes: 0,
      subaccounts_traffic_left_bytes: 10.08 * GB,
      subaccounts_count: 1,
      subaccounts_empty_count: 0,
    });
  });

  it('counts low sub-accounts (under 100 MB, or under 10% of allocated) and leaves deleted ones out', async () => {
    const { headers } = await customer(13);
    const subs: Record<string, SubData> = {};
    for (const [name, traffic] of [
      ['full', '10'],
      ['small', '0.05'],
      ['unfunded', ''],
      ['share', '0.5'],
      ['gone', '1'],
    ] as const) {
      const created = await add(headers, { username: username(name), traffic });
      expect(created.code).toBe(0);
      subs[name] = successData(created);
    }
    // `share` used 9.5 GB of the 10 GB it was given (the gateway link's counter, written here directly):
    // 0.5 GB left is over 100 MB but under 10% of its allocation.
    await t.ctx.db
      .updateTable('subaccounts')
      .set({ traffic_used_bytes: BigInt(9.5 * GB) })
      .where('id', '=', subs.share?.id ?? 0)
      .execute();
    expect((await t.send(subEndpoints.delete, { id: String(subs.gone?.id) }, { headers })).code).toBe(0);

    expect(await info(headers)).toMatchObject({
      // 13 − 10 − 0.05 − 0.5 (− 1 + 1 given back by the deletion)
      traffic_left_bytes: 2.45 * GB,
      subaccounts_traffic_left_bytes: 10 * GB + 50 * MB + 0.5 * GB,
      subaccounts_count: 4,
      // `unfunded` was never given traffic: "no traffic yet", not out of traffic.
      subaccounts_empty_count: 0,
      traffic_used_bytes: 9.5 * GB,
    });
  });

  it('a sub-account never given traffic is not "out of traffic"; one that used all it had is', async () => {
    const { headers } = await customer(2);
    const fresh = await add(headers, { username: username('fresh'), traffic: '' });
    const spent = await add(headers, { username: username('spent'), traffic: '1' });
    expect([fresh.code, spent.code]).toEqual([0, 0]);
    // `spent` used its whole 1 GB (the gateway link's counters, written here directly).
    await t.ctx.db
      .updateTable('subaccounts')
      .set({ traffic_left_bytes: 0n, traffic_used_bytes: BigInt(GB) })
      .where('id', '=', successData(spent).id)
      .execute();
    expect(await info(headers)).toMatchObject({ subaccounts_count: 2, subaccounts_empty_count: 1 });
  });

  it('a new account has no sub-accounts and zeros', async () => {
    const { headers } = await customer();
    expect(await info(headers)).toMatchObject({
      subaccounts_traffic_left_bytes: 0,
      subaccounts_count: 0,
      subaccounts_empty_count: 0,
    });
  });
});

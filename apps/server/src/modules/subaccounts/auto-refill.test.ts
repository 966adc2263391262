import { internalGatewayEndpoints, ResultCode, subEndpoints } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  customerWithSub,
  gatewayCall,
  logIn,
  moveClockToMorningUtc,
  reportUsage,
  signedInAccount,
  trafficConserved,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger, post } from '../ledger/ledger.service';
import { successData } from '@resiport/testkit';

const MB = 1_000_000;
const GB = 1_000_000_000;

/**
 * Auto-refill (decision 037) through the calls a customer and the gateways make: below
 * its threshold a sub-account gets the amount from the main account when a gateway asks for
 * traffic — once per crossing however many ask at once, never past the day's maximum, and not at
 * all (stopped) when the main account is empty.
 */
describe('auto-refill of a sub-account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    moveClockToMorningUtc(t);
  });
  afterAll(() => t.close());

  const setRefill = (headers: Record<string, string>, values: Record<string, string>) =>
    t.sendUnchecked(subEndpoints.refill, values, { headers });
  let serial = 0;
  const use = (owner: { account_id: number; subaccount_id: number }, bytes: number) =>
    reportUsage(t, 'gw-refill', owner, bytes);
  /**
   * `n` gateway processes ask for 100 kB each for the owner at the same moment, then give back what
   * they were granted (their reservations would otherwise count as "left" and hide the next crossing).
   * The threshold is judged on what is not in a gateway's hands after the grant, so the burst's own
   * 2 MB do not make a crossing of their own here.
   */
  const burstOfLeases = async (owner: { account_id: number; subaccount_id: number }, n: number) => {
    const instances = Array.from({ length: n }, (_, i) => `gw-burst-${++serial}-${i}`);
    await Promise.all(
      instances.map((instance) =>
        gatewayCall(t, internalGatewayEndpoints.lease, {
          ...owner,
          instance_id: instance,
          want_bytes: MB / 10,
        }),
      ),
    );
    for (const instance of instances) {
      await gatewayCall(t, internalGatewayEndpoints.release, { ...owner, instance_id: instance });
    }
  };
  /** A customer with 1 GB and a sub-account of `subGb`, its auto-refill set as given (GB strings). */
  const customerWithRefill = async (
    prefix: string,
    subGb: number,
    refill: { below: string; amount: string; dailyMax: string },
  ) => {
    const customer = await customerWithSub(t, { mainGb: 1, subGb, prefix });
    const saved = await setRefill(customer.headers, {
      id: String(customer.subId),
      refill_below: refill.below,
      refill_amount: refill.amount,
      refill_daily_max: refill.dailyMax,
    });
    return { ...customer, owner: { account_id: customer.id, subaccount_id: customer.subId }, saved };
  };
  const refills = (subId: number) =>
    t.ctx.db
      .selectFrom('traffic_transfers')
      .select(['amount_bytes'])
      .where('subaccount_id', '=', subId)
      .where('kind', '=', 'allocate')
      .where('request_id', 'like', 'refill.%')
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => Number(r.amount_bytes)));
  const subView = async (headers: Record<string, string>, subId: number) => {
    const list = await t.send(subEndpoints.list, { id: String(subId) }, { headers });
    return successData(list).list[0];
  };

  it('refills once per crossing under bursts of requests, up to the day’s maximum, and again the next day', async () => {
    const { id, email, subId, headers, owner, saved } = await customerWithRefill('refill', 0.01, {
      below: '0.005',
      amount: '0.02',
      dailyMax: '0.05',
    });
    expect(saved.data).toMatchObject({
      refill_below_bytes: 5 * MB,
      refill_amount_bytes: 20 * MB,
      refill_daily_max_bytes: 50 * MB,
      refilled_today_bytes: 0,
    });

    // 10 MB → 4 MB: below 5 MB. Twenty processes ask at once: one refill of 20 MB.
    await use(owner, 6 * MB);
    await burstOfLeases(owner, 20);
    expect(await refills(subId)).toEqual([20 * MB]);
    // 24 MB → 3 MB, another burst: one more. 23 MB → 2 MB: the day's maximum has 10 MB left.
    await use(owner, 21 * MB);
    await burstOfLeases(owner, 20);
    await use(owner, 21 * MB);
    await burstOfLeases(owner, 20);
    expect(await refills(subId)).toEqual([20 * MB, 20 * MB, 10 * MB]);
    // Below again, the maximum reached: nothing more today, and it is not "stopped".
    await use(owner, 10 * MB);
    await burstOfLeases(owner, 20);
    expect(await refills(subId)).toHaveLength(3);
    expect(await subView(headers, subId)).toMatchObject({
      refilled_today_bytes: 50 * MB,
      refill_stopped: false,
    });

    // The next UTC day it refills again.
    t.advanceClock(24 * 3600);
    await burstOfLeases(owner, 5);
    expect(await refills(subId)).toEqual([20 * MB, 20 * MB, 10 * MB, 20 * MB]);
    const fresh = authHeader(await logIn(t, email));
    expect(await subView(fresh, subId)).toMatchObject({ refilled_today_bytes: 20 * MB });
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [], brokenChains: [] });
    expect(await trafficConserved(t, id, BigInt(GB))).toBe(true);
  });

  it('refills at the grant that would take it below the threshold, and says "exhausted" only when no refill can follow', async () => {
    const KB = 1000;
    const { id, subId, owner, saved } = await customerWithRefill('refillgrant', 0.0001, {
      below: '0.00005',
      amount: '0.00005',
      dailyMax: '0.0001',
    });
    expect(saved.code).toBe(0);
    const lease = (instance: string) =>
      gatewayCall(t, internalGatewayEndpoints.lease, {
        ...owner,
        instance_id: instance,
        want_bytes: 200 * KB,
      });
    // 100 kB, of which a fast gateway wants 200: nothing would stay out of its hands, so 50 kB come
    // first. It takes all 150 kB, but the day allows another refill: not "exhausted", it renews.
    expect(successData(await lease('gw-fast-1'))).toMatchObject({
      granted_bytes: 150 * KB,
      exhausted: false,
    });
    expect(await refills(subId)).toEqual([50 * KB]);
    // The renewal: the day's last 50 kB come in and go out, and nothing more can follow.
    expect(successData(await lease('gw-fast-2'))).toMatchObject({
      granted_bytes: 50 * KB,
      exhausted: true,
      stop: 'traffic',
    });
    expect(await refills(subId)).toEqual([50 * KB, 50 * KB]);
    for (const instance of ['gw-fast-1', 'gw-fast-2']) {
      await gatewayCall(t, internalGatewayEndpoints.release, { ...owner, instance_id: instance });
    }
    expect(await trafficConserved(t, id, BigInt(GB))).toBe(true);
  });

  it('stops when the main account has nothing to give, and starts again when saved', async () => {
    const { id, subId, headers } = await customerWithSub(t, {
      mainGb: 0.02,
      subGb: 0.01,
      prefix: 'refillmt',
    });
    const owner = { account_id: id, subaccount_id: subId };
    // The main account keeps 10 MB after the allocation; take it away.
    await t.ctx.db
      .transaction()
      .execute((trx) =>
        post(trx, { accountId: id, asset: 'traffic', kind: 'adjustment', amount: -BigInt(10 * MB) }),
      );
    await setRefill(headers, { id: String(subId), refill_below: '0.005', refill_amount: '0.02' });
    await use(owner, 6 * MB);
    await burstOfLeases(owner, 10);
    expect(await refills(subId)).toEqual([]);
    expect(await subView(headers, subId)).toMatchObject({ refill_stopped: true });

    // Traffic on the main account again, and the setting saved: it refills at once (it is below).
    await t.ctx.db
      .transaction()
      .execute((trx) =>
        post(trx, { accountId: id, asset: 'traffic', kind: 'adjustment', amount: BigInt(GB) }),
      );
    const restarted = await setRefill(headers, {
      id: String(subId),
      refill_below: '0.005',
      refill_amount: '0.02',
    });
    expect(restarted.data).toMatchObject({ refill_stopped: false, refilled_today_bytes: 20 * MB });
    expect(await refills(subId)).toEqual([20 * MB]);
  });

  it('turns off with both fields empty, refuses bad settings with their codes, and keeps to its owner', async () => {
    const { subId, headers } = await customerWithSub(t, { mainGb: 5, subGb: 0, prefix: 'refillbad' });
    const id = String(subId);
    const refused: Record<string, string>[] = [
      { refill_below: '1', refill_amount: '' },
      { refill_below: '', refill_amount: '1' },
      { refill_below: '0', refill_amount: '1' },
      { refill_below: '1', refill_amount: 'lots' },
      { refill_below: '1', refill_amount: '2', refill_daily_max: '1' },
    ];
    for (const bad of refused) {
      const answer = await setRefill(headers, { id, ...bad });
      expect([bad, answer.status, answer.code]).toEqual([bad, 400, ResultCode.ValidationFailed]);
    }
    // A new sub-account is below any threshold: saving refills it at once.
    const on = await setRefill(headers, { id, refill_below: '1', refill_amount: '2' });
    expect(on.data).toMatchObject({
      refill_below_bytes: GB,
      refill_amount_bytes: 2 * GB,
      traffic_left_bytes: 2 * GB,
    });
    const off = await setRefill(headers, { id, refill_below: '', refill_amount: '' });
    expect(off.data).toMatchObject({
      refill_below_bytes: null,
      refill_amount_bytes: null,
      refill_daily_max_bytes: null,
    });

    const stranger = await signedInAccount(t);
    const theirs = await setRefill(authHeader(stranger.token), { id, refill_below: '1', refill_amount: '1' });
    expect(theirs.code).toBe(ResultCode.NotFound);
    expect(await refills(subId)).toEqual([2 * GB]);
  });
});

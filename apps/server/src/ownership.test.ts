import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInfo, authHeader, fundAccount, signedInAccount } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { post } from './modules/ledger/ledger.service';
import {
  internalGatewayEndpoints,
  orderEndpoints,
  receiptEndpoints,
  rechargeEndpoints,
  subEndpoints,
  trafficEndpoints,
  whitelistEndpoints,
} from '@resiport/contract';
import { apiUrl, passThroughData, successData } from '@resiport/testkit';

const GB = 1_000_000_000;

/**
 * The IDOR matrix (decision 021): account B sends A's object ids, with B's own token, to
 * every route that takes an id, by GET and by POST where the route accepts both. Every attempt must
 * be "not found" and leave A's objects exactly as they were.
 */
describe('ownership: no account reaches another account’s objects (T13)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t.close());

  it('denies B every read, change, allocation, recycling and deletion of A’s objects', async () => {
    const a = await signedInAccount(t);
    const b = await signedInAccount(t);
    const bHeaders = authHeader(b.token);
    const aId = (await accountInfo(t, a.token)).id;
    const bId = (await accountInfo(t, b.token)).id;
    for (const id of [aId, bId]) {
      await t.ctx.db
        .transaction()
        .execute((trx) =>
          post(trx, { accountId: id, asset: 'traffic', kind: 'adjustment', amount: BigInt(5 * GB) }),
        );
      await fundAccount(t, id, 5000);
    }
    const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
    /** B's call on the wire, by the method given (routes that take both are tried both ways). */
    const call = (method: 'GET' | 'POST', url: string, values: Record<string, string>) =>
      method === 'GET'
        ? t.call({ method, url: `${url}?${form(values)}`, headers: bHeaders })
        : t.call({
            method,
            url,
            payload: form(values),
            headers: { ...bHeaders, 'content-type': 'application/x-www-form-urlencoded' },
          });

    // A's objects, made through the endpoint objects; B's attempts below go on the wire by GET and POST.
    const sub = successData(
      await t.send(subEndpoints.add, { username: `ownera${Date.now()}`, traffic: '1' }, { token: a.token }),
    );
    const ip = successData(
      await t.send(whitelistEndpoints.add, { ip: '198.51.100.200', remark: 'a' }, { token: a.token }),
    );
    const order = passThroughData(
      orderEndpoints.pay,
      'GoToPayment',
      await t.send(orderEndpoints.pay, { quantity: '1' }, { token: a.token }),
    );
    const recharge = passThroughData(
      rechargeEndpoints.pay,
      'GoToPayment',
      await t.send(rechargeEndpoints.pay, { amount: '20' }, { token: a.token }),
    );
    // A's sub-account has usage, so the traffic reads below have something to leak.
    const usage = await t.call({
      method: 'POST',
      url: apiUrl(internalGatewayEndpoints.usage),
      payload: JSON.stringify({
        batch_id: 'ownership:1',
        instance_id: 'ownership',
        entries: [
          { account_id: aId, subaccount_id: sub.id, bytes_up: 1000, bytes_down: 9000, connections: 1 },
        ],
      }),
      headers: { 'content-type': 'application/json', 'x-internal-secret': t.ctx.internalSecret },
    });
    expect(usage.data).toEqual({ applied: true });
    const snapshot = async () =>
      JSON.stringify(
        {
          subs: await t.ctx.db.selectFrom('subaccounts').selectAll().where('account_id', '=', aId).execute(),
          ips: await t.ctx.db.selectFrom('whitelist_ips').selectAll().where('account_id', '=', aId).execute(),
          orders: await t.ctx.db.selectFrom('orders').selectAll().where('account_id', '=', aId).execute(),
          entries: await t.ctx.db
            .selectFrom('ledger_entries')
            .select('id')
            .where('account_id', 'in', [aId, bId])
            .execute(),
        },
        (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
      );
    const before = await snapshot();

    const subId = String(sub.id);
    const attempts: [string, 'GET' | 'POST', string, Record<string, string>][] = [];
    for (const method of ['GET', 'POST'] as const) {
      attempts.push(
        [
          'change proxy password',
          method,
          apiUrl(subEndpoints.password),
          { id: subId, password: 'Hijacked-1' },
        ],
        ['regenerate proxy password', method, apiUrl(subEndpoints.password), { id: subId }],
        ['change remark', method, apiUrl(subEndpoints.remark), { id: subId, remark: 'mine now' }],
        ['disable', method, apiUrl(subEndpoints.status), { id: subId, status: 'disabled' }],
        [
          'allocate to',
          method,
          apiUrl(subEndpoints.traffic),
          { id: subId, action: 'allocate', traffic: '1', request_id: `idor-a-${method}` },
        ],
        [
          'recycle from',
          method,
          apiUrl(subEndpoints.traffic),
          { id: subId, action: 'recycle', traffic: '1', request_id: `idor-r-${method}` },
        ],
        ['delete sub-account', method, apiUrl(subEndpoints.delete), { id: subId }],
        [
          'change whitelist IP',
          method,
          apiUrl(whitelistEndpoints.update),
          { id: String(ip.id), ip: '198.51.100.201' },
        ],
        [
          'change whitelist remark',
          method,
          apiUrl(whitelistEndpoints.update),
          { id: String(ip.id), remark: 'x' },
        ],
        ['delete whitelist IP', method, apiUrl(whitelistEndpoints.delete), { id: String(ip.id) }],
      );
    }
    attempts.push(
      ['check order payment', 'POST', apiUrl(orderEndpoints.checkPay), { order_id: String(order.order_id) }],
      [
        'check recharge payment',
        'POST',
        apiUrl(rechargeEndpoints.check),
        { recharge_id: String(recharge.recharge_id) },
      ],
    );

    // Traffic reads filtered by A's sub-account: the same 10009 as a nonexistent id, the CSV included.
    for (const path of ['changelog', 'details', 'usage'] as const) {
      attempts.push([
        `${path} of A's sub-account`,
        'GET',
        apiUrl(trafficEndpoints[path]),
        { subaccount_id: subId },
      ]);
    }
    attempts.push([
      "CSV of A's sub-account",
      'GET',
      apiUrl(trafficEndpoints.details),
      { subaccount_id: subId, format: 'csv' },
    ]);
    // Receipts (decision 038): A's order and top-up, in every format — not even "not paid" for B.
    for (const format of ['json', 'html', 'pdf']) {
      attempts.push(
        [
          `receipt of A's order (${format})`,
          'GET',
          apiUrl(receiptEndpoints.get),
          { kind: 'order', id: String(order.order_id), format },
        ],
        [
          `receipt of A's top-up (${format})`,
          'GET',
          apiUrl(receiptEndpoints.get),
          { kind: 'recharge', id: String(recharge.recharge_id), format },
        ],
      );
    }

    let leaks = 0;
    for (const [action, method, url, values] of attempts) {
      const response = await call(method, url, values);
      if (response.code !== 10009 || response.data !== null) {
        leaks++;
        console.error(`LEAK: ${action} ${method} ${url} → ${JSON.stringify(response)}`);
      }
    }
    // Lists show B only B's objects.
    const bSends = { token: b.token };
    const lists = [
      successData(await t.send(subEndpoints.list, {}, bSends)),
      successData(await t.send(whitelistEndpoints.list, {}, bSends)),
      successData(await t.send(orderEndpoints.list, {}, bSends)),
      successData(await t.send(rechargeEndpoints.record, {}, bSends)),
    ];
    for (const list of lists) if (list.total !== 0) leaks++;
    // B's traffic views hold only B's own entries (its adjustment) and none of A's usage.
    const changes = successData(await t.send(trafficEndpoints.changelog, {}, bSends));
    if (changes.list.some((c) => c.subaccount_id !== null)) leaks++;
    const details = successData(await t.send(trafficEndpoints.details, {}, bSends));
    const usage30 = successData(await t.send(trafficEndpoints.usage, {}, bSends));
    if (details.total !== 0 || usage30.range_totals.bytes_total !== 0 || usage30.owners.length !== 0) leaks++;

    const routes = new Set(attempts.map(([, , url]) => url)).size + lists.length;
    console.info(
      `T13: ${attempts.length} attempts on ${routes} routes (GET and POST where both exist) + ${lists.length} lists + 3 traffic views, ${leaks} leaks`,
    );
    expect(leaks).toBe(0);
    expect(await snapshot()).toBe(before);
  });
});

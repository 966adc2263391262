import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInfo, authHeader, fundedCustomer, payOrder } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger } from '../ledger/ledger.service';
import { createCoupon } from './coupon-admin.service';
import { orderEndpoints } from '@resiport/contract';
import { passThroughData, successData } from '@resiport/testkit';
import { apiUrl } from '@resiport/testkit';

/**
 * Exactly-once and never-below-zero under concurrency (docs/architecture.md#ledger). Each test
 * prints what it exercised, so a pass cannot be vacuous.
 */
describe('orders under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t.close());

  const pay = (token: string, values: Record<string, string>, ip = '203.0.113.50') =>
    payOrder(t, token, values, ip);
  const funded = (cents: number) => fundedCustomer(t, cents);
  const countOrders = async (accountIds: number[]) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account_id', 'in', accountIds)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const codes = (responses: { code: number }[]) =>
    responses.reduce<Record<number, number>>(
      (tally, r) => ({ ...tally, [r.code]: (tally[r.code] ?? 0) + 1 }),
      {},
    );

  it('T2: 50 parallel purchases never overdraw and succeed exactly floor(balance / price) times', async () => {
    const { token, id } = await funded(2000); // 1 GB costs 4.50 from the balance → 4 fit
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => pay(token, { quantity: '1', way: 'balance' })),
    );
    const tally = codes(responses);
    console.info(`T2: 50 parallel purchases of 4.50 on 20.00 → ${JSON.stringify(tally)}`);
    expect(tally).toEqual({ 0: 4, 20402: 46 });
    for (const refused of responses.filter((r) => r.code === 20402)) {
      expect(refused.data).toMatchObject({ amount_cents: 450, balance_cents: 200, missing_cents: 250 });
    }
    expect(await accountInfo(t, token)).toMatchObject({
      balance_cents: 200,
      traffic_left_bytes: 4_000_000_000,
    });
    expect(await countOrders([id])).toBe(4);
  });

  it('T11: one idempotency key places one order, however often and however concurrently it is sent', async () => {
    const { token, id } = await funded(5000);
    const key = 'order-key-0001';
    const first = await pay(token, { quantity: '2', way: 'balance', idempotency_key: key });
    const again = await pay(token, { quantity: '2', way: 'balance', idempotency_key: key });
    expect(first.code).toBe(0);
    // The same answer (headers aside: their Date may tick between the two calls).
    expect({ ...again, headers: null }).toEqual({ ...first, headers: null });
    const other = await pay(token, { quantity: '3', way: 'balance', idempotency_key: key });
    expect(other.code).toBe(10021);

    const racedKey = 'order-key-0002';
    const raced = await Promise.all(
      Array.from({ length: 20 }, () =>
        pay(token, { quantity: '1', way: 'balance', idempotency_key: racedKey }),
      ),
    );
    const orderIds = new Set(raced.map((r) => successData(r).order.id));
    console.info(
      `T11: 2 sequential + 1 mismatched + 20 concurrent requests on 2 keys → ${codes(raced)[0]} ok, orders ${orderIds.size}`,
    );
    expect(codes(raced)).toEqual({ 0: 20 });
    expect(orderIds.size).toBe(1);
    expect(await countOrders([id])).toBe(2);
    expect((await accountInfo(t, token)).balance_cents).toBe(5000 - 900 - 450);

    const cryptoKey = 'order-key-0003';
    const checkouts = await Promise.all(
      Array.from({ length: 5 }, () => pay(token, { quantity: '1', idempotency_key: cryptoKey })),
    );
    expect(
      new Set(checkouts.map((r) => passThroughData(orderEndpoints.pay, 'GoToPayment', r).url)).size,
    ).toBe(1);
    expect(await countOrders([id])).toBe(3);
  });

  it('T12: a coupon with one use left is used once under 20 parallel orders by one user and by five', async () => {
    const single = await funded(100_000);
    const oneLeft = await createCoupon(t.ctx.db, { code: 'LAST-ONE', discount: '50%', maxUses: '1' });
    const byOne = await Promise.all(
      Array.from({ length: 20 }, () =>
        pay(single.token, { quantity: '1', way: 'balance', coupon: oneLeft.code }),
      ),
    );
    const users = await Promise.all(Array.from({ length: 5 }, () => funded(100_000)));
    const shared = await createCoupon(t.ctx.db, { code: 'LAST-SHARED', discount: '1.00', maxUses: '1' });
    const byFive = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pay(users[i % 5]?.token ?? '', {
          quantity: '1',
          coupon: shared.code,
          way: i % 2 ? 'balance' : 'cryptomus',
        }),
      ),
    );
    const perAccount = await createCoupon(t.ctx.db, { code: 'ONE-EACH', discount: '10%', perAccount: '1' });
    const oneEach = await Promise.all(
      Array.from({ length: 10 }, () =>
        pay(single.token, { quantity: '1', way: 'balance', coupon: perAccount.code }),
      ),
    );
    const uses = await t.ctx.db
      .selectFrom('coupon_redemptions')
      .select(['coupon_id'])
      .where('coupon_id', 'in', [oneLeft.id, shared.id, perAccount.id])
      .execute();
    console.info(
      `T12: 20 by one user → ${JSON.stringify(codes(byOne))}; 20 by five users → ${JSON.stringify(codes(byFive))}; ` +
        `10 of a once-per-account coupon → ${JSON.stringify(codes(oneEach))}; redemptions ${uses.length}`,
    );
    expect(codes(byOne)).toEqual({ 0: 1, 10025: 19 });
    expect(
      Object.entries(codes(byFive))
        .filter(([code]) => code === '0' || code === '20302')
        .reduce((n, [, c]) => n + c, 0),
    ).toBe(1);
    expect(codes(byFive)[10025]).toBe(19);
    expect(codes(oneEach)).toEqual({ 0: 1, 10027: 9 });
    expect(uses).toHaveLength(3);
    const coupons = await t.ctx.db
      .selectFrom('coupons')
      .select(['code', 'uses'])
      .where('id', 'in', [oneLeft.id, shared.id])
      .execute();
    expect(coupons.map((c) => c.uses)).toEqual([1, 1]);
  });

  it('T12: coupon refusals — expired, used up, somebody else’s, or two at once', async () => {
    const { token, id } = await funded(100_000);
    const other = await funded(0);
    // A coupon whose day has passed (the console refuses to create one already expired).
    await createCoupon(t.ctx.db, { code: 'OLD', discount: '10%', expires: '2099-01-01' });
    await t.ctx.db
      .updateTable('coupons')
      .set({ expires_at: new Date('2020-01-02T00:00:00Z') })
      .where('code', '=', 'OLD')
      .execute();
    await createCoupon(t.ctx.db, { code: 'PERSONAL', discount: '10%', accountId: other.id });
    await createCoupon(t.ctx.db, { code: 'MINE', discount: '5.00', accountId: id });
    const quote = (query: string) =>
      t.call({ method: 'GET', url: `${apiUrl(orderEndpoints.check)}?${query}`, headers: authHeader(token) });
    expect((await quote('quantity=1&coupon=OLD')).code).toBe(10024);
    expect((await quote('quantity=1&coupon=LAST-ONE')).code).toBe(10025);
    expect((await quote('quantity=1&coupon=PERSONAL')).code).toBe(10023);
    expect((await quote('quantity=1&coupon=OLD&coupon=MINE')).code).toBe(10001);
    expect((await pay(token, { quantity: '1', way: 'balance', coupon: 'PERSONAL' })).code).toBe(10023);
    const mine = await quote('quantity=2&coupon=mine&way=balance');
    expect(mine.data).toMatchObject({
      original_cents: 900,
      discount_cents: 500,
      total_cents: 400,
      coupon: { code: 'MINE', kind: 'fixed', value: 500 },
    });
    const free = await pay(token, { quantity: '1', way: 'cryptomus', coupon: 'MINE' });
    expect(free).toMatchObject({
      code: 0,
      data: { order: { paid_type: 'free', total_cents: 0, discount_cents: 450 } },
    });
  });

  it('T12: the trial claimed concurrently, by one account and by five on one network, is given once', async () => {
    const one = await funded(0);
    const byOne = await Promise.all(
      Array.from({ length: 10 }, () => pay(one.token, { trial: 'true' }, '192.0.2.10')),
    );
    const five = await Promise.all(Array.from({ length: 5 }, () => funded(0)));
    const byFive = await Promise.all(five.map((a) => pay(a.token, { trial: 'true' }, '192.0.2.11')));
    console.info(
      `T12 trial: 10 by one account → ${JSON.stringify(codes(byOne))}; 5 accounts, one IP → ${JSON.stringify(codes(byFive))}`,
    );
    expect(codes(byOne)).toEqual({ 0: 1, 10026: 9 });
    expect(codes(byFive)).toEqual({ 0: 1, 10026: 4 });
  });

  it('leaves a ledger whose balances all recompute (audit)', async () => {
    const report = await auditLedger(t.ctx.db);
    console.info(`audit: ${report.entries} entries, ${report.mismatches.length} mismatches`);
    expect(report.mismatches).toEqual([]);
    expect(report.brokenChains).toEqual([]);
  });
});

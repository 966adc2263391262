import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInfo, fundedCustomer, payOrder, pressCheckout } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger } from '../ledger/ledger.service';
import { createCoupon } from './coupon-admin.service';
import { commandLine } from '../audit/audit.service';
import { refundOrder } from './order-refund.service';
import { orderEndpoints } from '@resiport/contract';
import { passThroughData, successData } from '@resiport/testkit';

const GB = 1_000_000_000;

const byCommandLine = (orderId: number) => ({
  orderId,
  actor: commandLine,
  reason: null,
  idempotencyKey: null,
  at: new Date(),
});

describe('orders: pay from the balance or with crypto, list, trial, refund', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t.close());

  const quote = (token: string, query: Record<string, string>) =>
    t.sendUnchecked(orderEndpoints.check, query, { token });
  const pay = (token: string, values: Record<string, string>, ip?: string) => payOrder(t, token, values, ip);
  const listOrders = (token: string, query: Record<string, string> = {}) =>
    t.sendUnchecked(orderEndpoints.list, query, { token });
  const ordersOf = async (token: string, query: Record<string, string> = {}) =>
    successData(await listOrders(token, query));
  const funded = (cents: number) => fundedCustomer(t, cents);

  it('buys from the balance: debit, order and traffic commit together, through the ledger', async () => {
    const { token, id } = await funded(2500);
    const response = await pay(token, { quantity: '2', way: 'balance' });
    expect(response).toMatchObject({
      code: 0,
      data: {
        balance_cents: 1600,
        traffic_left_bytes: 2 * GB,
        order: {
          status: 'paid',
          paid_type: 'balance',
          quantity_gb: 2,
          price_per_gb_cents: 450,
          original_cents: 900,
          amount_cents: 900,
          fee_cents: 0,
          total_cents: 900,
        },
      },
    });
    const info = await accountInfo(t, token);
    expect(info).toMatchObject({ balance_cents: 1600, traffic_left_bytes: 2 * GB });
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', id)
      .execute();
    expect(entries.map((e) => [e.asset, e.kind, e.amount])).toEqual([
      ['money', 'adjustment', 2500n],
      ['money', 'order_payment', -900n],
      ['traffic', 'purchase', 2_000_000_000n],
    ]);
    const { list } = await ordersOf(token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'paid', coupon_code: null });
  });

  it('answers 20402 with the missing amount and changes nothing when the balance is short', async () => {
    const { token, id } = await funded(500);
    const response = await pay(token, { quantity: '2', way: 'balance' });
    expect(response).toMatchObject({
      code: 20402,
      data: { amount_cents: 900, balance_cents: 500, missing_cents: 400 },
    });
    expect((await ordersOf(token)).total).toBe(0);
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(await accountInfo(t, token)).toMatchObject({ balance_cents: 500, traffic_left_bytes: 0 });
  });

  it('pays with crypto: an unpaid order and a checkout, then the traffic once the invoice is paid', async () => {
    const { token } = await funded(0);
    const response = await pay(token, { quantity: '1' });
    expect(response.code).toBe(20302);
    const checkout = passThroughData(orderEndpoints.pay, 'GoToPayment', response);
    expect(checkout.total_cents).toBe(464); // 4.50 + 3% (13.5 → 14)
    expect(checkout.url).toContain('/sandbox/cryptomus/pay/');
    const before = (await ordersOf(token)).list[0];
    expect(before).toMatchObject({ status: 'unpaid', paid_type: 'cryptomus', checkout_url: checkout.url });
    const pending = await t.send(orderEndpoints.checkPay, { order_id: String(checkout.order_id) }, { token });
    expect(pending.code).toBe(10020);

    await pressCheckout(checkout.url, 'pay');
    await expect.poll(async () => (await accountInfo(t, token)).traffic_left_bytes).toBe(GB);
    const checked = await t.send(orderEndpoints.checkPay, { order_id: String(checkout.order_id) }, { token });
    expect(checked).toMatchObject({ code: 0, data: { status: 'paid', checkout_url: null } });
    expect((await accountInfo(t, token)).balance_cents).toBe(0);
  });

  it.each(['underpay', 'expire'] as const)(
    'cancels a crypto order whose invoice ends with %s, and gives its coupon use back',
    async (action) => {
      const { token } = await funded(0);
      const coupon = await createCoupon(t.ctx.db, { code: `ONCE-${action}`, discount: '10%', maxUses: '1' });
      const response = await pay(token, { quantity: '1', coupon: coupon.code });
      const checkout = passThroughData(orderEndpoints.pay, 'GoToPayment', response);
      await pressCheckout(checkout.url, action);
      await expect.poll(async () => (await ordersOf(token)).list[0]?.status).toBe('cancelled');
      const row = await t.ctx.db
        .selectFrom('coupons')
        .selectAll()
        .where('id', '=', coupon.id)
        .executeTakeFirstOrThrow();
      expect(row.uses).toBe(0);
      expect((await accountInfo(t, token)).traffic_left_bytes).toBe(0);
      // The released use can be taken again.
      expect((await quote(token, { quantity: '1', coupon: coupon.code })).code).toBe(0);
    },
  );

  it('lists orders newest first, paged and filtered by status; another account sees none of them', async () => {
    const a = await funded(10_000);
    for (const quantity of ['1', '2', '3']) {
      expect((await pay(a.token, { quantity, way: 'balance' })).code).toBe(0);
    }
    expect((await pay(a.token, { quantity: '1' })).code).toBe(20302);
    const page = await ordersOf(a.token, { page: '1', page_size: '2' });
    expect(page.total).toBe(4);
    expect(page.list.map((o) => o.status)).toEqual(['unpaid', 'paid']);
    const paid = await ordersOf(a.token, { status: 'paid' });
    expect(paid.list.map((o) => o.traffic_bytes)).toEqual([3 * GB, 2 * GB, GB]);
    expect((await listOrders(a.token, { status: 'lost' })).code).toBe(10001);
    expect((await listOrders(a.token, { page: '0' })).code).toBe(10001);

    const b = await funded(0);
    expect((await ordersOf(b.token)).total).toBe(0);
    // B cannot check (or learn anything about) A's order.
    const unpaid = (await ordersOf(a.token, { status: 'unpaid' })).list[0];
    const foreign = await t.send(
      orderEndpoints.checkPay,
      { order_id: String(unpaid?.id) },
      { token: b.token },
    );
    expect(foreign).toMatchObject({ code: 10009, data: null });
    expect((await t.send(orderEndpoints.checkPay, { order_id: 'x' }, { token: b.token })).code).toBe(10001);
  });

  it('gives the trial once per account and once per network address', async () => {
    const first = await funded(0);
    const taken = await pay(first.token, { trial: 'true' }, '198.51.100.7');
    expect(taken).toMatchObject({
      code: 0,
      data: { traffic_left_bytes: GB / 10, order: { is_trial: true, paid_type: 'free', total_cents: 0 } },
    });
    expect((await pay(first.token, { trial: 'true' }, '198.51.100.8')).code).toBe(10026);
    expect((await quote(first.token, { trial: 'true' })).code).toBe(10026);
    const sameNetwork = await funded(0);
    expect((await pay(sameNetwork.token, { trial: 'true' }, '198.51.100.7')).code).toBe(10026);
    const elsewhere = await funded(0);
    expect((await pay(elsewhere.token, { trial: 'true' }, '198.51.100.9')).code).toBe(0);
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('kind', '=', 'trial')
      .execute();
    expect(entries.filter((e) => e.account_id === first.id)).toHaveLength(1);
  });

  it('an operator refund returns the money for the unused traffic and removes that traffic', async () => {
    const { token, id } = await funded(2000);
    const paid = await pay(token, { quantity: '4', way: 'balance' });
    const order = successData(paid).order;
    // A quarter of it used: 1 GB leaves the account as the gateway would meter it.
    await t.ctx.db.transaction().execute(async (trx) => {
      const { post } = await import('../ledger/ledger.service');
      await post(trx, { accountId: id, asset: 'traffic', kind: 'adjustment', amount: -BigInt(GB) });
    });
    const refund = await refundOrder(t.ctx.db, byCommandLine(order.id));
    expect(refund).toEqual({
      orderId: order.id,
      accountId: id,
      refundedCents: 1350n,
      removedBytes: 3_000_000_000n,
      replayed: false,
    });
    expect(await accountInfo(t, token)).toMatchObject({ balance_cents: 200 + 1350, traffic_left_bytes: 0 });
    expect((await ordersOf(token)).list[0]?.status).toBe('refunded');
    await expect(refundOrder(t.ctx.db, byCommandLine(order.id))).rejects.toThrow('OrderAlreadyRefunded');
    const crypto = await pay(token, { quantity: '1' });
    await expect(
      refundOrder(
        t.ctx.db,
        byCommandLine(passThroughData(orderEndpoints.pay, 'GoToPayment', crypto).order_id),
      ),
    ).rejects.toThrow('OrderNotPaid');
  });

  it('keeps the ledger consistent (audit)', async () => {
    const report = await auditLedger(t.ctx.db);
    expect(report.mismatches).toEqual([]);
    expect(report.brokenChains).toEqual([]);
    expect(report.entries).toBeGreaterThan(10);
  });
});

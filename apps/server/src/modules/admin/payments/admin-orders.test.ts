import { adminPaymentsEndpoints as calls, type EndpointInput, orderEndpoints } from '@resiport/contract';
import { passThroughData, successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountInfo,
  fundedCustomer,
  payOrder,
  pressCheckout,
  signedInOperator,
} from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { auditLedger, post } from '../../ledger/ledger.service';
import { refundOrder } from '../../orders/order-refund.service';
import { commandLine } from '../../audit/audit.service';
import { auditRowsOf, consoleCall, newKey, snapshotOf } from '../customers/customers.test-helpers';

const GB = 1_000_000_000;
const today = () => new Date().toISOString().slice(0, 10);

describe('console orders: list, detail, refund (docs/product.md#operator-console)', () => {
  let t: TestApp;
  let call: ReturnType<typeof consoleCall>;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    operator = await signedInOperator(t);
    call = consoleCall(t, operator.token);
  });
  afterAll(() => t.close());

  /** The gateway's metering, as far as the main account's traffic is concerned. */
  const useTraffic = (accountId: number, bytes: number) =>
    t.ctx.db.transaction().execute(async (trx) => {
      const used = await post(trx, {
        accountId,
        asset: 'traffic',
        kind: 'adjustment',
        amount: -BigInt(bytes),
      });
      expect(used.ok).toBe(true);
    });
  const balanceOrder = async (token: string, gb: number) =>
    successData(await payOrder(t, token, { quantity: String(gb), way: 'balance' })).order.id;
  const cryptoOrder = async (token: string) =>
    passThroughData(orderEndpoints.pay, 'GoToPayment', await payOrder(t, token, { quantity: '1' }));
  const trialOrder = async (token: string, ip: string) =>
    successData(await payOrder(t, token, { trial: 'true' }, ip)).order;
  const orderIds = async (query: EndpointInput<typeof calls.orders>) =>
    successData(await call(calls.orders, query)).list.map((row) => row.id);
  const detail = async (orderId: number) => successData(await call(calls.order, { order_id: orderId }));
  const refund = (orderId: number, key = newKey(), reason = 'unused traffic, ticket 42') =>
    call(calls.refund, { order_id: orderId, reason, idempotency_key: key });

  it('lists every customer’s orders, newest first, filtered by status, way, customer and UTC day', async () => {
    const alice = await fundedCustomer(t, 5000);
    const bob = await fundedCustomer(t, 0);
    const paid = await balanceOrder(alice.token, 1);
    const unpaid = (await cryptoOrder(alice.token)).order_id;
    const trial = await trialOrder(bob.token, '192.0.2.70');

    const page = await call(calls.orders, { account_id: alice.id });
    expect(page.data).toMatchObject({ total: 2, page: 1 });
    expect(successData(page).list).toEqual([
      expect.objectContaining({ id: unpaid, status: 'unpaid', way: 'cryptomus', paid_cents: null }),
      expect.objectContaining({
        id: paid,
        email: alice.email,
        status: 'paid',
        way: 'balance',
        traffic_bytes: GB,
        price_per_gb_cents: 450,
        discount_cents: 0,
        coupon_code: null,
        paid_cents: 450,
        paid_at: expect.any(String) as string,
      }),
    ]);
    expect(await orderIds({ account_id: alice.id, status: 'unpaid' })).toEqual([unpaid]);
    expect(await orderIds({ account_id: alice.id, way: 'balance' })).toEqual([paid]);
    expect(await orderIds({ way: 'free', customer: bob.email.toUpperCase() })).toEqual([trial.id]);
    expect(await orderIds({ customer: String(bob.id), way: 'free' })).toContain(trial.id);
    expect(await orderIds({ account_id: alice.id, start_date: today(), end_date: today() })).toHaveLength(2);
    expect(await orderIds({ account_id: alice.id, end_date: '2020-01-01' })).toEqual([]);
  });

  it('shows an order’s timeline, the ledger entries it caused, and a crypto order’s invoice', async () => {
    const customer = await fundedCustomer(t, 1000);
    const paid = await detail(await balanceOrder(customer.token, 2));
    expect(paid.timeline.map((step) => step.event)).toEqual(['created', 'paid']);
    expect(paid.ledger.map((entry) => [entry.asset, entry.kind, entry.amount])).toEqual([
      ['money', 'order_payment', -900],
      ['traffic', 'purchase', 2 * GB],
    ]);
    expect([paid.invoice, paid.refund]).toEqual([null, null]);

    const crypto = await detail((await cryptoOrder(customer.token)).order_id);
    expect(crypto.invoice).toMatchObject({ purpose: 'order', status: 'unpaid', amount_cents: 464 });
    expect(crypto.ledger).toEqual([]);
    expect((await call(calls.order, { order_id: 999_999 })).code).toBe(10009);
  });

  it('quotes, then refunds a balance order through the ledger, with its audit row, once', async () => {
    const customer = await fundedCustomer(t, 2000);
    const orderId = await balanceOrder(customer.token, 4); // 18.00 USD
    await useTraffic(customer.id, GB); // a quarter used
    const bystander = await fundedCustomer(t, 1000);
    await balanceOrder(bystander.token, 1);
    const untouched = await snapshotOf(t, bystander.id);

    expect((await call(calls.refundQuote, { order_id: orderId })).data).toEqual({
      order_id: orderId,
      removed_bytes: 3 * GB,
      refunded_cents: 1350,
      order_bytes: 4 * GB,
      paid_cents: 1800,
    });
    const key = newKey();
    const done = await refund(orderId, key);
    expect(done).toMatchObject({
      code: 0,
      data: { refunded_cents: 1350, removed_bytes: 3 * GB, order: { status: 'refunded' } },
    });
    expect(await accountInfo(t, customer.token)).toMatchObject({
      balance_cents: 200 + 1350,
      traffic_left_bytes: 0,
    });

    const after = await detail(orderId);
    expect(after.timeline.map((step) => step.event)).toEqual(['created', 'paid', 'refunded']);
    expect(after.ledger.filter((e) => e.kind === 'refund').map((e) => [e.asset, e.amount])).toEqual([
      ['traffic', -3 * GB],
      ['money', 1350],
    ]);
    expect(after.refund).toMatchObject({
      refunded_cents: 1350,
      removed_bytes: 3 * GB,
      operator_email: operator.email,
      reason: 'unused traffic, ticket 42',
    });
    const audit = await auditRowsOf(t, customer.id);
    expect(audit).toEqual([
      expect.objectContaining({
        operator_id: operator.id,
        action: 'order.refund',
        target_type: 'order',
        target_id: String(orderId),
        before: { status: 'paid' },
        after: { status: 'refunded', refunded_cents: '1350', removed_bytes: '3000000000' },
        reason: 'unused traffic, ticket 42',
      }),
    ]);

    // The same request again (a retry) answers the same refund; another one is refused.
    expect((await refund(orderId, key)).data).toMatchObject({ refunded_cents: 1350, removed_bytes: 3 * GB });
    expect(await refund(orderId)).toMatchObject({ status: 409, code: 10060 });
    expect((await call(calls.refundQuote, { order_id: orderId })).code).toBe(10060);
    expect(await auditRowsOf(t, customer.id)).toHaveLength(1);
    expect(after.ledger).toEqual((await detail(orderId)).ledger);
    expect(await snapshotOf(t, bystander.id)).toEqual(untouched);
  });

  it('two refunds of one order at once: one refunds, the other is refused', async () => {
    const customer = await fundedCustomer(t, 1000);
    const orderId = await balanceOrder(customer.token, 2);
    const answers = await Promise.all([refund(orderId), refund(orderId)]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 10060]);
    expect(await accountInfo(t, customer.token)).toMatchObject({
      balance_cents: 1000,
      traffic_left_bytes: 0,
    });
  });

  it('refuses what cannot be refunded, each with its own code, and changes nothing', async () => {
    const customer = await fundedCustomer(t, 1000);
    const unpaid = await cryptoOrder(customer.token);
    const paidByCrypto = await cryptoOrder(customer.token);
    await pressCheckout(paidByCrypto.url, 'pay');
    await t.send(
      orderEndpoints.checkPay,
      { order_id: String(paidByCrypto.order_id) },
      { token: customer.token },
    );
    const trial = await trialOrder(customer.token, '192.0.2.71');
    const usedUp = await balanceOrder(customer.token, 1);
    await useTraffic(customer.id, GB + GB / 10 + GB); // the trial's, this order's and the crypto one's
    const before = await snapshotOf(t, customer.id);

    for (const [orderId, code] of [
      [unpaid.order_id, 10061],
      [paidByCrypto.order_id, 10062],
      [trial.id, 10063],
      [usedUp, 10064],
      [999_999, 10009],
    ] as const) {
      expect((await refund(orderId)).code, `order ${orderId}`).toBe(code);
      expect((await call(calls.refundQuote, { order_id: orderId })).code, `quote ${orderId}`).toBe(code);
    }
    expect(await snapshotOf(t, customer.id)).toEqual(before);
    expect(await auditRowsOf(t, customer.id)).toEqual([]);
  });

  it('the command line refunds through the same service, audited as the command line', async () => {
    const customer = await fundedCustomer(t, 1000);
    const orderId = await balanceOrder(customer.token, 1);
    const at = new Date();
    const made = await refundOrder(t.ctx.db, {
      orderId,
      actor: commandLine,
      reason: null,
      idempotencyKey: null,
      at,
    });
    expect(made).toMatchObject({ refundedCents: 450n, removedBytes: BigInt(GB), replayed: false });
    expect(await auditRowsOf(t, customer.id)).toEqual([
      expect.objectContaining({ operator_id: null, action: 'order.refund', reason: null }),
    ]);
  });

  it('answers bad input with 10001 (400), never 500, and refunds nothing', async () => {
    const customer = await fundedCustomer(t, 1000);
    const orderId = await balanceOrder(customer.token, 1);
    const valid = { order_id: orderId, reason: 'a good reason', idempotency_key: newKey() };
    const without = (field: keyof typeof valid) =>
      Object.fromEntries(Object.entries(valid).filter(([name]) => name !== field));
    for (const input of [
      without('reason'),
      without('idempotency_key'),
      { ...valid, reason: 'ab' },
      { ...valid, reason: 'x'.repeat(501) },
      { ...valid, order_id: 'abc' },
      { ...valid, order_id: -1 },
      { ...valid, idempotency_key: 'short' },
    ]) {
      expect(await call.unchecked(calls.refund, input), JSON.stringify(input)).toMatchObject({
        status: 400,
        code: 10001,
      });
    }
    const badQueries: Record<string, string | number>[] = [
      { status: 'bogus' },
      { way: 'paypal' },
      { start_date: '2026-13-01' },
      { start_date: '2026-02-02', end_date: '2026-02-01' },
      { page_size: 1000 },
      { account_id: 'me' },
    ];
    for (const query of badQueries) {
      expect(await call.unchecked(calls.orders, query), JSON.stringify(query)).toMatchObject({
        status: 400,
        code: 10001,
      });
    }
    expect((await call.unchecked(calls.refundQuote, {})).code).toBe(10001);
    expect((await detail(orderId)).order.status).toBe('paid');
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [], brokenChains: [] });
  });
});

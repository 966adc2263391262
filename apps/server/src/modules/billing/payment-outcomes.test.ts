import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInfo, fundedCustomer, payOrder, pressCheckout } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger } from '../ledger/ledger.service';
import { balanceEndpoints, orderEndpoints, rechargeEndpoints } from '@resiport/contract';
import { passThroughData, successData } from '@resiport/testkit';

/**
 * Decision 026: every way a crypto payment can end, told as the product's status with the provider's
 * detail and what the payer sent — for top-ups and for orders, through the sandbox's real protocol.
 */
describe('payment outcomes: product statuses with the provider detail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t.close());

  const topUp = async (token: string) => {
    const response = await t.send(rechargeEndpoints.pay, { amount: '20' }, { token });
    return passThroughData(rechargeEndpoints.pay, 'GoToPayment', response);
  };
  const checkTopUp = (token: string, id: number) =>
    t.send(rechargeEndpoints.check, { recharge_id: String(id) }, { token });
  const record = async (token: string) => {
    const response = await t.send(rechargeEndpoints.record, {}, { token });
    return successData(response).list;
  };

  it('an unpaid top-up says unpaid and keeps its checkout in the record', async () => {
    const { token } = await fundedCustomer(t, 0);
    const checkout = await topUp(token);
    expect(await checkTopUp(token, checkout.recharge_id)).toMatchObject({
      code: 10020,
      data: { status: 'unpaid', payment_detail: null, payment_received: null, checkout_url: checkout.url },
    });
    expect(await record(token)).toEqual([
      expect.objectContaining({ status: 'unpaid', checkout_url: checkout.url, paid_at: null }),
    ]);
  });

  it('underpaid top-up: cancelled/underpaid with what arrived, nothing credited, no checkout left', async () => {
    const { token } = await fundedCustomer(t, 0);
    const checkout = await topUp(token);
    await pressCheckout(checkout.url, 'underpay'); // half of the 20.60 invoice
    const checked = await checkTopUp(token, checkout.recharge_id);
    expect(checked).toMatchObject({
      code: 0,
      data: {
        status: 'cancelled',
        payment_detail: 'underpaid',
        payment_received: { amount: '10.30', currency: 'USDT' },
        paid_at: null,
        checkout_url: null,
        balance_cents: 0,
      },
    });
    expect((await record(token))[0]).toMatchObject({ status: 'cancelled', payment_detail: 'underpaid' });
  });

  it('paid-over top-up: paid/paid_over with what arrived; the top-up and the extra net of the fee are credited, once', async () => {
    const { token } = await fundedCustomer(t, 0);
    const checkout = await topUp(token);
    await pressCheckout(checkout.url, 'pay_over'); // 22.66 USDT of the 20.60 due: 10 % over
    const settled = {
      code: 0,
      data: {
        status: 'paid',
        payment_detail: 'paid_over',
        payment_received: { amount: '22.66', currency: 'USDT' },
        // 10 % over a 20.00 top-up (the fee is not credited): 2.00 more.
        payment_extra_cents: 200,
        balance_cents: 2200,
      },
    };
    expect(await checkTopUp(token, checkout.recharge_id)).toMatchObject(settled);
    // Checked again (a second webhook, the customer's button): nothing more.
    expect(await checkTopUp(token, checkout.recharge_id)).toMatchObject(settled);
    expect((await record(token))[0]).toMatchObject({ payment_extra_cents: 200 });
    const history = successData(await t.send(balanceEndpoints.history, {}, { token })).list;
    expect(history.map(({ kind, amount_cents, reference }) => ({ kind, amount_cents, reference }))).toEqual([
      { kind: 'overpayment', amount_cents: 200, reference: { type: 'recharge', id: checkout.recharge_id } },
      { kind: 'recharge', amount_cents: 2000, reference: { type: 'recharge', id: checkout.recharge_id } },
    ]);
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [] });
  });

  it('an exactly paid top-up credits no extra', async () => {
    const { token } = await fundedCustomer(t, 0);
    const checkout = await topUp(token);
    await pressCheckout(checkout.url, 'pay');
    expect((await checkTopUp(token, checkout.recharge_id)).data).toMatchObject({
      status: 'paid',
      payment_extra_cents: 0,
      balance_cents: 2000,
    });
  });

  it('expired top-up: cancelled/expired, nothing received', async () => {
    const { token } = await fundedCustomer(t, 0);
    const checkout = await topUp(token);
    await pressCheckout(checkout.url, 'expire');
    expect((await checkTopUp(token, checkout.recharge_id)).data).toMatchObject({
      status: 'cancelled',
      payment_detail: 'expired',
      payment_received: null,
    });
  });

  it('a refund at the provider before we settled: refunded, never credited', async () => {
    const { token } = await fundedCustomer(t, 0);
    const checkout = await topUp(token);
    await t.ctx.db
      .withTables<{ cryptomus_sandbox_invoices: { uuid: string; status: string; is_final: boolean } }>()
      .updateTable('cryptomus_sandbox_invoices')
      .set({ status: 'refund_process', is_final: true })
      .where('uuid', '=', checkout.url.split('/').pop() ?? '')
      .execute();
    expect((await checkTopUp(token, checkout.recharge_id)).data).toMatchObject({
      status: 'refunded',
      payment_detail: 'refund_pending',
      balance_cents: 0,
    });
  });

  it.each([
    ['underpay', 'cancelled', 'underpaid', { amount: '2.32', currency: 'USDT' }, 0, 0],
    // 5.10 of 4.64 due is 9.9 % over the 4.50 order: 0.44 to the balance (rounded down).
    ['pay_over', 'paid', 'paid_over', { amount: '5.10', currency: 'USDT' }, 1_000_000_000, 44],
    ['expire', 'cancelled', 'expired', null, 0, 0],
  ] as const)(
    'crypto order, %s: order %s with detail %s and what arrived',
    async (action, status, detail, received, traffic, extra) => {
      const { token } = await fundedCustomer(t, 0);
      const response = await payOrder(t, token, { quantity: '1' }); // 4.50 + 3% = 4.64
      const checkout = passThroughData(orderEndpoints.pay, 'GoToPayment', response);
      await pressCheckout(checkout.url, action);
      const checked = await t.send(
        orderEndpoints.checkPay,
        { order_id: String(checkout.order_id) },
        { token },
      );
      expect(checked).toMatchObject({
        code: 0,
        data: {
          status,
          payment_detail: detail,
          payment_received: received,
          payment_extra_cents: extra,
          checkout_url: null,
        },
      });
      expect(await accountInfo(t, token)).toMatchObject({
        traffic_left_bytes: traffic,
        balance_cents: extra,
      });
    },
  );

  it('a balance order carries no payment detail', async () => {
    const { token } = await fundedCustomer(t, 10_000);
    const response = await payOrder(t, token, { quantity: '1', way: 'balance' });
    expect(response).toMatchObject({
      code: 0,
      data: { order: { status: 'paid', payment_detail: null, payment_received: null } },
    });
  });
});

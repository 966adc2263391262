import { orderEndpoints, orderQuoteSchema, ResultCode } from '@resiport/contract';
import { passThroughData, successData } from '@resiport/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountInfo, fundedCustomer, payOrder } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { setPriceTier } from './catalog-admin.service';
import { createCoupon } from './coupon-admin.service';

/**
 * The total on the button is the total paid: `/order/pay` carries the total the customer was shown,
 * and a server total that differs (the operator changed a price, a coupon changed) places nothing and
 * answers PriceChanged with the new quote, on the balance and the crypto path alike.
 */
describe('orders: the price changed between the quote and the payment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t.close());
  // Every case starts from the list price of the 1 GB tier.
  beforeEach(() => setPriceTier(t.ctx.db, 1, '4.50', 'List price'));

  const quote = async (token: string, values: Record<string, string>) =>
    successData(await t.sendUnchecked(orderEndpoints.check, values, { token }));
  const ordersOf = async (token: string) =>
    successData(await t.sendUnchecked(orderEndpoints.list, {}, { token }));
  const invoiceCount = async (accountId: number) =>
    (await t.ctx.db.selectFrom('crypto_invoices').select('id').where('account_id', '=', accountId).execute())
      .length;

  it('refuses a balance payment at a total the customer was not shown, charges nothing, and pays the new quote', async () => {
    const { token, id } = await fundedCustomer(t, 5000);
    const shown = await quote(token, { quantity: '2', way: 'balance' });
    expect(shown.total_cents).toBe(900);
    await setPriceTier(t.ctx.db, 1, '5.50', 'Upstream price rise');

    const stale = await payOrder(t, token, {
      quantity: '2',
      way: 'balance',
      expected_total_cents: shown.total_cents,
    });
    expect(stale.code).toBe(ResultCode.PriceChanged);
    expect(stale.msg).toMatch(/price changed/i);
    const fresh = orderQuoteSchema.parse(stale.data);
    expect(fresh).toMatchObject({ total_cents: 1100, price_per_gb_cents: 550, quantity_gb: 2 });
    expect((await ordersOf(token)).total).toBe(0);
    expect(await accountInfo(t, token)).toMatchObject({ balance_cents: 5000, traffic_left_bytes: 0 });
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where('account_id', '=', id)
      .execute();
    expect(entries.map((e) => e.kind)).toEqual(['adjustment']);

    const paid = await payOrder(t, token, {
      quantity: '2',
      way: 'balance',
      expected_total_cents: fresh.total_cents,
    });
    expect(successData(paid)).toMatchObject({ balance_cents: 3900, order: { total_cents: 1100 } });
  });

  it('refuses a crypto order at a stale total before any invoice exists', async () => {
    const { token, id } = await fundedCustomer(t, 0);
    const shown = await quote(token, { quantity: '1' });
    expect(shown.total_cents).toBe(464);
    await setPriceTier(t.ctx.db, 1, '4.00', 'Sale');

    const stale = await payOrder(t, token, { quantity: '1', expected_total_cents: shown.total_cents });
    expect(stale.code).toBe(ResultCode.PriceChanged);
    expect(orderQuoteSchema.parse(stale.data)).toMatchObject({ total_cents: 412, fee_cents: 12 });
    expect(await invoiceCount(id)).toBe(0);
    expect((await ordersOf(token)).total).toBe(0);

    const going = await payOrder(t, token, { quantity: '1', expected_total_cents: 412 });
    expect(passThroughData(orderEndpoints.pay, 'GoToPayment', going).total_cents).toBe(412);
    expect(await invoiceCount(id)).toBe(1);
  });

  it('refuses a total a coupon no longer gives', async () => {
    await createCoupon(t.ctx.db, { code: 'SHRINK', discount: '50%' });
    const { token } = await fundedCustomer(t, 5000);
    const shown = await quote(token, { quantity: '2', way: 'balance', coupon: 'SHRINK' });
    expect(shown.total_cents).toBe(450);
    await t.ctx.db.updateTable('coupons').set({ value: 10n }).where('code', '=', 'SHRINK').execute();

    const stale = await payOrder(t, token, {
      quantity: '2',
      way: 'balance',
      coupon: 'SHRINK',
      expected_total_cents: 450,
    });
    expect(stale.code).toBe(ResultCode.PriceChanged);
    expect(orderQuoteSchema.parse(stale.data).total_cents).toBe(810);
    expect(await accountInfo(t, token)).toMatchObject({ balance_cents: 5000 });
  });

  it('refuses an expected total that is not a whole number of cents, as a validation error', async () => {
    const { token } = await fundedCustomer(t, 5000);
    for (const bad of ['-1', '9.5', 'nine', '1e400']) {
      const answer = await payOrder(t, token, { quantity: '1', way: 'balance', expected_total_cents: bad });
      expect(answer.code, bad).toBe(ResultCode.ValidationFailed);
    }
    expect((await ordersOf(token)).total).toBe(0);
    // Without one an API client pays the current total (the portal always sends it).
    expect((await payOrder(t, token, { quantity: '1', way: 'balance' })).code).toBe(0);
  });
});

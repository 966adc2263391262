import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCoupon } from '../orders/coupon-admin.service';
import { reconcilePendingInvoices } from './reconcile';
import { accountEndpoints, orderEndpoints, rechargeEndpoints } from '@resiport/contract';
import { passThroughData } from '@resiport/testkit';

describe('reconciliation of pending invoices (T9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t.close());

  it('credits a payment whose webhook never arrived, once, with one runner at a time', async () => {
    const { token } = await signedInAccount(t);
    const checkout = await t.send(rechargeEndpoints.pay, { amount: '20' }, { token });
    const { url } = passThroughData(rechargeEndpoints.pay, 'GoToPayment', checkout);
    // The payer paid at the provider, but the webhook was lost on the way.
    const uuid = url.split('/').pop() ?? '';
    await t.ctx.db
      .updateTable('cryptomus_sandbox_invoices')
      .set({ status: 'paid', is_final: true, updated_at: new Date() })
      .where('uuid', '=', uuid)
      .execute();

    const [first, second] = await Promise.all([
      reconcilePendingInvoices(t.ctx, 'runner-a'),
      reconcilePendingInvoices(t.ctx, 'runner-b'),
    ]);
    const runs = [first, second].filter((run) => run !== undefined);
    console.info(`T9: ${runs.length} of 2 runners held the lease; settled ${runs[0]?.settled ?? 0}`);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ settled: 1 });
    const info = await t.send(accountEndpoints.userInfo, {}, { token });
    expect(info.data).toMatchObject({ balance_cents: 2000 });

    // The holder may run again; a later run finds nothing left to do.
    expect(await reconcilePendingInvoices(t.ctx, first ? 'runner-a' : 'runner-b')).toMatchObject({
      settled: 0,
    });
  });

  it('cancels an order whose checkout never opened, an hour after its invoice expired, and frees its coupon', async () => {
    const { token } = await signedInAccount(t);
    const coupon = await createCoupon(t.ctx.db, { code: 'STUCK', discount: '10%', maxUses: '1' });
    const placed = await t.send(orderEndpoints.pay, { quantity: '1', coupon: 'STUCK' }, { token });
    const { order_id: orderId } = passThroughData(orderEndpoints.pay, 'GoToPayment', placed);
    // As if the process died between recording the invoice and opening it at the provider.
    const order = await t.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('crypto_invoices')
      .set({ provider_uuid: null, checkout_url: null })
      .where('id', '=', order.invoice_id)
      .execute();

    await reconcilePendingInvoices(t.ctx, 'runner-c');
    const status = () =>
      t.ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(await status()).toEqual({ status: 'unpaid' });
    t.advanceClock(t.config.cryptomus.invoiceLifetime + 3601);
    await t.ctx.db.deleteFrom('job_leases').execute();
    expect(await reconcilePendingInvoices(t.ctx, 'runner-c')).toMatchObject({ settled: 1 });
    expect(await status()).toEqual({ status: 'cancelled' });
    const uses = await t.ctx.db
      .selectFrom('coupons')
      .select('uses')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    expect(uses).toEqual({ uses: 0 });
  });

  it('cancels an unpaid order once its invoice expires, with no webhook and no visit from the customer', async () => {
    const { token } = await signedInAccount(t);
    const placed = await t.send(orderEndpoints.pay, { quantity: '1' }, { token });
    expect(placed.code).toBe(20302);
    const { order_id: orderId } = passThroughData(orderEndpoints.pay, 'GoToPayment', placed);
    const status = async () =>
      (
        await t.ctx.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).status;

    t.advanceClock(t.config.cryptomus.invoiceLifetime + 1);
    await t.ctx.db.deleteFrom('job_leases').execute();
    await reconcilePendingInvoices(t.ctx, 'runner-d');
    expect(await status()).toBe('cancelled');
    const info = await t.send(accountEndpoints.userInfo, {}, { token });
    expect(info.data).toMatchObject({ balance_cents: 0, traffic_left_bytes: 0 });
  });
});

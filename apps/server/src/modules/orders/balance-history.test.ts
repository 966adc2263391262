import { balanceEndpoints, balanceLinks, orderEndpoints, ResultCode } from '@resiport/contract';
import { apiUrl, successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, fundedCustomer, payOrder } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { commandLine } from '../audit/audit.service';
import { post } from '../ledger/ledger.service';
import { refundOrder } from './order-refund.service';

/**
 * The customer's balance history (`/order/balanceRecord`, billing's), here beside the order refunds it
 * shows: every money entry of the ledger, newest
 * first, with what it was about and an operator adjustment's reason; the same rows as CSV.
 */
describe('balance history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const history = async (token: string, query: Record<string, string> = {}) =>
    t.sendUnchecked(balanceEndpoints.history, query, { token });

  it('lists top-ups, an order, its refund and an adjustment, newest first, each with its balance after', async () => {
    const customer = await fundedCustomer(t, 2500);
    const paid = successData(await payOrder(t, customer.token, { quantity: '2', way: 'balance' }));
    const orderId = paid.order.id;
    await refundOrder(t.ctx.db, {
      orderId,
      actor: commandLine,
      reason: null,
      idempotencyKey: null,
      at: new Date(),
    });
    // An operator's adjustment, as the console posts it: its reason is the entry's note.
    await t.ctx.db.transaction().execute((trx) =>
      post(trx, {
        accountId: customer.id,
        asset: 'money',
        kind: 'adjustment',
        amount: -300n,
        ref: { type: 'operator_adjustment', id: `${customer.id}:chargeback` },
        note: 'Chargeback fee',
      }),
    );

    const page = successData(await history(customer.token));
    expect(page.total).toBe(4);
    expect(
      page.list.map((e) => [e.kind, e.amount_cents, e.balance_after_cents, e.reference, e.note]),
    ).toEqual([
      ['adjustment', -300, 2200, null, 'Chargeback fee'],
      ['refund', 900, 2500, { type: 'order', id: orderId }, null],
      ['order_payment', -900, 1600, { type: 'order', id: orderId }, null],
      ['adjustment', 2500, 2500, null, null],
    ]);
    // The refunded order says how much went back.
    const orders = successData(await t.sendUnchecked(orderEndpoints.list, {}, { token: customer.token }));
    expect(orders.list[0]).toMatchObject({ id: orderId, status: 'refunded', refunded_cents: 900 });

    const second = successData(await history(customer.token, { page: '2', page_size: '3' }));
    expect(second.list.map((e) => e.amount_cents)).toEqual([2500]);

    const csv = await t.app.inject({
      method: 'GET',
      url: `${apiUrl(balanceLinks.historyCsv)}?format=csv`,
      headers: authHeader(customer.token),
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="balance-history-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time_utc,kind,reference,amount_cents,balance_after_cents,note');
    expect(lines.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([
      'adjustment,,-300,2200,Chargeback fee',
      `refund,order ${orderId},900,2500,`,
      `order_payment,order ${orderId},-900,1600,`,
      'adjustment,,2500,2500,',
    ]);
  });

  it("shows only the caller's own money, and refuses bad paging or formats as validation errors", async () => {
    const stranger = await fundedCustomer(t, 0);
    expect(successData(await history(stranger.token))).toMatchObject({ list: [], total: 0 });
    const bads: Record<string, string>[] = [
      { page: '0' },
      { page_size: '101' },
      { format: 'xml' },
      { page: 'two' },
    ];
    for (const bad of bads) {
      expect((await history(stranger.token, bad)).code, JSON.stringify(bad)).toBe(
        ResultCode.ValidationFailed,
      );
    }
    expect((await t.sendUnchecked(balanceEndpoints.history, {})).code).toBe(ResultCode.SessionExpired);
  });
});

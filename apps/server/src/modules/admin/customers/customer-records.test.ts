import { adminCustomersEndpoints as calls, type EndpointInput, ledgerCsvColumns } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  customerWithSub,
  fundAccount,
  payOrder,
  signedInOperator,
} from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { consoleCall, newKey } from './customers.test-helpers';

/** The customer page's lists (docs/product.md#operator-console): ledger (and its CSV), orders, top-ups, sessions, usage. */
describe('console: a customer’s records', () => {
  let t: TestApp;
  let operatorToken: string;
  let call: ReturnType<typeof consoleCall>;
  let customer: Awaited<ReturnType<typeof customerWithSub>>;
  beforeAll(async () => {
    t = await createTestApp();
    operatorToken = (await signedInOperator(t)).token;
    call = consoleCall(t, operatorToken);
    customer = await customerWithSub(t, { mainGb: 2, subGb: 0.5, prefix: 'records' });
    await fundAccount(t, customer.id, 5000);
    expect((await payOrder(t, customer.token, { quantity: '1', way: 'balance' })).code).toBe(0);
    await call(calls.adjustBalance, {
      account_id: customer.id,
      amount: '-1.25',
      reason: 'Fee, "quoted", with a comma',
      idempotency_key: newKey(),
    });
  });
  afterAll(() => t.close());

  /** A page of the customer's ledger. */
  const ledger = async (query: Omit<EndpointInput<typeof calls.ledger>, 'account_id'>) =>
    successData(await call(calls.ledger, { account_id: customer.id, ...query }));

  it('lists money and traffic entries newest first, filtered by asset and kind, with usernames', async () => {
    const all = await ledger({});
    expect(all.list.map((e) => e.id)).toEqual([...all.list.map((e) => e.id)].sort((a, b) => b - a));
    expect(new Set(all.list.map((e) => e.asset))).toEqual(new Set(['money', 'traffic']));
    const money = await ledger({ asset: 'money' });
    expect(money.list.map((e) => [e.kind, e.amount])).toEqual([
      ['adjustment', -125],
      ['order_payment', expect.any(Number) as number],
      ['adjustment', 5000],
    ]);
    expect(money.list[0]?.note).toBe('Fee, "quoted", with a comma');
    const allocations = await ledger({ asset: 'traffic', kind: 'allocate' });
    expect(allocations.list.map((e) => [e.username, e.amount])).toEqual([
      [customer.username, 500_000_000],
      [null, -500_000_000],
    ]);
    const second = await ledger({ page: 2, page_size: 2 });
    expect(second.list.map((e) => e.id)).toEqual(all.list.slice(2, 4).map((e) => e.id));
    expect((await call.unchecked(calls.ledger, { account_id: customer.id, kind: 'bogus' })).code).toBe(10001);
    expect((await call(calls.ledger, { account_id: 2_000_000_000 })).code).toBe(10009);
  });

  it('exports the same entries as CSV with the operator session, exact and quoted', async () => {
    const query = new URLSearchParams({ account_id: String(customer.id), asset: 'money', format: 'csv' });
    const url = `/api${calls.ledger.path}?${query.toString()}`;
    const file = await t.app.inject({ method: 'GET', url, headers: authHeader(operatorToken) });
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(`ledger-${customer.id}-money.csv`);
    const lines = file.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(ledgerCsvColumns.join(','));
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /,money,adjustment,,-125,\d+,operator_adjustment,\d+:[\w-]+,"Fee, ""quoted"", with a comma"$/,
    );
    // A customer's session gets the refusal envelope, never the file.
    const refused = await t.app.inject({ method: 'GET', url, headers: authHeader(customer.token) });
    expect([refused.statusCode, refused.json<{ code: number }>().code]).toEqual([403, 10010]);
  });

  it('lists the orders, top-ups and sessions of the customer', async () => {
    const ofCustomer = { account_id: customer.id };
    const orders = successData(await call(calls.orders, ofCustomer));
    expect(orders.list.map((o) => [o.status, o.paid_type])).toEqual([['paid', 'balance']]);
    const topups = successData(await call(calls.topups, ofCustomer));
    expect(topups).toMatchObject({ list: [], total: 0 });
    const sessions = successData(await call(calls.sessions, ofCustomer));
    expect(sessions.list.map((s) => [s.method, s.revoked_at])).toEqual([['password', null]]);
  });

  it('gives the daily usage of the last 30 UTC days', async () => {
    const usage = successData(await call(calls.usage, { account_id: customer.id }));
    expect([usage.granularity, usage.series.length]).toEqual(['day', 30]);
  });
});

import { adminCustomersEndpoints as calls, type EndpointInput, whitelistEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInfo, customerWithSub, signedInOperator, signUp } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { consoleCall } from './customers.test-helpers';

/** Finding customers (docs/product.md#operator-console): by email, id, sub-account username or whitelisted IP, with filters. */
describe('console: customer search', () => {
  let t: TestApp;
  let call: ReturnType<typeof consoleCall>;
  let shop: Awaited<ReturnType<typeof customerWithSub>> & { email: string };
  beforeAll(async () => {
    t = await createTestApp();
    call = consoleCall(t, (await signedInOperator(t)).token);
    const created = await customerWithSub(t, { mainGb: 3, subGb: 1.25, prefix: 'shopfinder' });
    await t.send(whitelistEndpoints.add, { ip: '2001:db8:16::7' }, { headers: created.headers });
    const { email } = await t.ctx.db
      .selectFrom('accounts')
      .select('email')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    shop = { ...created, email };
  });
  afterAll(() => t.close());

  const search = async (query: EndpointInput<typeof calls.list>) =>
    successData(await call(calls.list, query));
  const ids = (page: { list: { id: number }[] }) => page.list.map((row) => row.id);

  it('finds the customer by part of the email in any case', async () => {
    const part = shop.email.slice(0, 12).toUpperCase();
    expect(ids(await search({ q: part }))).toEqual([shop.id]);
  });

  it('finds the customer by account id, and only that account', async () => {
    expect(ids(await search({ q: String(shop.id) }))).toContain(shop.id);
    const exact = await search({ q: String(shop.id) });
    expect(exact.list.every((row) => row.id === shop.id || row.email.includes(String(shop.id)))).toBe(true);
  });

  it('finds the customer by a sub-account username, whole or its start, any case', async () => {
    expect(ids(await search({ q: shop.username.toUpperCase() }))).toEqual([shop.id]);
    expect(ids(await search({ q: shop.username.slice(0, 14) }))).toEqual([shop.id]);
  });

  it('finds the customer by a whitelisted IP in any spelling', async () => {
    expect(ids(await search({ q: '2001:DB8:16:0:0:0:0:7' }))).toEqual([shop.id]);
    expect(ids(await search({ q: '2001:db8:16::8' }))).toEqual([]);
  });

  it('shows the row as /user/info figures it: total traffic left, balance, sub-accounts, last seen', async () => {
    const info = await accountInfo(t, shop.token);
    const [row] = (await search({ q: shop.email })).list;
    expect(row).toMatchObject({
      id: shop.id,
      email: shop.email,
      status: 'active',
      role: 'customer',
      balance_cents: info.balance_cents,
      traffic_left_bytes: info.traffic_left_bytes + info.subaccounts_traffic_left_bytes,
      subaccount_count: 1,
    });
    expect(row?.traffic_left_bytes).toBe(3_000_000_000);
    expect(row?.last_seen_at).not.toBeNull();
  });

  it('filters by status and role, pages newest first, and finds nothing for an unknown text', async () => {
    const { email } = await signUp(t);
    const pending = await search({ q: email, status: 'pending' });
    expect(pending.list.map((row) => [row.email, row.status, row.last_seen_at])).toEqual([
      [email, 'pending', null],
    ]);
    expect((await search({ q: email, status: 'active' })).total).toBe(0);
    const operators = await search({ role: 'operator' });
    expect(operators.list.every((row) => row.role === 'operator')).toBe(true);
    const all = await search({ page_size: 2 });
    expect(all.list).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(ids(all)).toEqual([...ids(all)].sort((a, b) => b - a));
    expect((await search({ q: 'no-such-customer-anywhere' })).total).toBe(0);
    expect((await call.unchecked(calls.list, { status: 'gone' })).code).toBe(10001);
  });

  it('escapes LIKE wildcards: "%" finds only emails that hold one', async () => {
    expect((await search({ q: '%' })).total).toBe(0);
    expect((await search({ q: '_' })).total).toBe(0);
  });

  it('counts what a customer holds in the detail, and an unknown id is 10009', async () => {
    const { id } = await accountInfo(t, shop.token);
    const detail = await call(calls.detail, { account_id: id });
    expect(detail.data).toMatchObject({
      account: { id, email: shop.email, status: 'active', role: 'customer', has_api_token: false },
      traffic: {
        main_left_bytes: 1_750_000_000,
        subaccounts_left_bytes: 1_250_000_000,
        total_left_bytes: 3_000_000_000,
      },
      subaccounts: [
        { id: shop.subId, username: shop.username, status: 'active', traffic_left_bytes: 1_250_000_000 },
      ],
      whitelist: [{ ip: '2001:db8:16::7' }],
      counts: { subaccounts: 1, whitelist: 1, orders: 0, topups: 0, live_sessions: 1 },
    });
    expect(JSON.stringify(detail.data)).not.toContain('password_cipher');
    expect((await call(calls.detail, { account_id: 2_000_000_000 })).code).toBe(10009);
  });
});

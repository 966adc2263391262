import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInfo } from '../../../test/factories';
import { subaccountCalls } from '../../../test/subaccounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger } from '../ledger/ledger.service';
import { subEndpoints } from '@resiport/contract';
import { apiUrl, successData } from '@resiport/testkit';

const GB = 1_000_000_000;

describe('sub-accounts: create, list, change, move traffic, delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { username, customer, add, move, list } = subaccountCalls(() => t);

  it('creates a sub-account with a generated password, lower-cases the username and lists it', async () => {
    const { headers } = await customer();
    const name = username('MixedCase');
    const created = await add(headers, { username: name, remark: 'scraper #1' });
    expect(created.code).toBe(0);
    const sub = successData(created);
    expect(sub).toMatchObject({
      username: name.toLowerCase(),
      remark: 'scraper #1',
      allocated_bytes: 0,
      traffic_left_bytes: 0,
      traffic_used_bytes: 0,
      status: 'active',
    });
    expect(sub.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const listed = await list(headers);
    expect(listed.list).toEqual([expect.objectContaining({ id: sub.id, password: sub.password })]);
  });

  it("refuses a taken username, in any case and from any account, with 'Username Exist'", async () => {
    const a = await customer();
    const b = await customer();
    const name = username();
    expect((await add(a.headers, { username: name })).code).toBe(0);
    const again = await add(a.headers, { username: name.toUpperCase() });
    expect(again).toMatchObject({ code: 10030, msg: 'Username Exist' });
    expect((await add(b.headers, { username: name })).code).toBe(10030);
  });

  it('takes initial traffic from the main account, or creates nothing when the main account is short', async () => {
    const { headers, token } = await customer(1);
    const short = await add(headers, { username: username(), traffic: '1.5' });
    expect(short).toMatchObject({ code: 10031, msg: 'The main account has only 1 GB left' });
    expect((await list(headers)).total).toBe(0);
    const created = await add(headers, {
      username: username(),
      traffic: '0.25',
      password: 'My-proxy.pass~1',
    });
    expect(created.data).toMatchObject({
      traffic_left_bytes: GB / 4,
      allocated_bytes: GB / 4,
      password: 'My-proxy.pass~1',
    });
    expect((await accountInfo(t, token)).traffic_left_bytes).toBe(0.75 * GB);
  });

  it('allocates and recycles through the ledger, once per request id, never below zero on either side', async () => {
    const { headers, id, token } = await customer(2);
    const sub = successData(await add(headers, { username: username() }));
    const allocate = {
      id: String(sub.id),
      action: 'allocate',
      traffic: '0.5',
      request_id: 'move-0000000001',
    };
    const first = await move(headers, allocate);
    expect(first).toMatchObject({
      code: 0,
      data: { sub: { traffic_left_bytes: GB / 2 }, main_traffic_left_bytes: 1.5 * GB },
    });
    // The same request again (a retry, a double click): nothing moves twice.
    // Headers aside: their Date may tick between the two calls.
    expect({ ...(await move(headers, allocate)), headers: null }).toEqual({ ...first, headers: null });
    expect((await move(headers, { ...allocate, traffic: '0.6' })).code).toBe(10021);
    // GET works too (the original form of the call).
    const viaGet = await t.call({
      method: 'GET',
      url: `${apiUrl(subEndpoints.traffic)}?${String(new URLSearchParams({ ...allocate, request_id: 'move-0000000002', traffic: '0.000000001' }))}`,
      headers,
    });
    expect(viaGet.data).toMatchObject({ sub: { traffic_left_bytes: GB / 2 + 1 } });

    const tooMuch = await move(headers, {
      ...allocate,
      request_id: 'move-0000000003',
      action: 'recycle',
      traffic: '0.6',
    });
    expect(tooMuch).toMatchObject({ code: 10032, msg: 'This sub-account has only 0.500000001 GB left' });
    const overMain = await move(headers, { ...allocate, request_id: 'move-0000000004', traffic: '2' });
    expect(overMain.code).toBe(10031);
    const recycled = await move(headers, {
      ...allocate,
      request_id: 'move-0000000005',
      action: 'recycle',
      traffic: '0.2',
    });
    expect(recycled.data).toMatchObject({
      sub: { traffic_left_bytes: 0.3 * GB + 1, allocated_bytes: 0.3 * GB + 1 },
    });
    expect((await accountInfo(t, token)).traffic_left_bytes).toBe(1.7 * GB - 1);

    expect((await move(headers, { ...allocate, request_id: 'move-0000000006', traffic: '0' })).code).toBe(
      10001,
    );
    const withoutRequestId = { id: allocate.id, action: allocate.action, traffic: allocate.traffic };
    expect((await move(headers, withoutRequestId)).code).toBe(10001);
    expect((await move(headers, { ...allocate, request_id: 'move-0000000007', action: 'steal' })).code).toBe(
      10001,
    );

    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount', 'balance_after', 'subaccount_id'])
      .where('account_id', '=', id)
      .where('kind', 'in', ['allocate', 'recycle'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { kind: 'allocate', amount: -500_000_000n, balance_after: 1_500_000_000n, subaccount_id: null },
      { kind: 'allocate', amount: 500_000_000n, balance_after: 500_000_000n, subaccount_id: sub.id },
      { kind: 'allocate', amount: -1n, balance_after: 1_499_999_999n, subaccount_id: null },
      { kind: 'allocate', amount: 1n, balance_after: 500_000_001n, subaccount_id: sub.id },
      { kind: 'recycle', amount: -200_000_000n, balance_after: 300_000_001n, subaccount_id: sub.id },
      { kind: 'recycle', amount: 200_000_000n, balance_after: 1_699_999_999n, subaccount_id: null },
    ]);
  });

  it('changes the password (chosen or generated), the remark and the status', async () => {
    const { headers } = await customer();
    const sub = successData(await add(headers, { username: username(), password: 'First-pass1' }));
    const chosen = await t.send(
      subEndpoints.password,
      { id: String(sub.id), password: 'Second.pass2' },
      { headers },
    );
    expect(chosen.data).toMatchObject({ password: 'Second.pass2' });
    const generated = await t.call({
      method: 'GET',
      url: `${apiUrl(subEndpoints.password)}?id=${sub.id}`,
      headers,
    });
    expect(subEndpoints.password.response.parse(generated.data).password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(
      (await t.send(subEndpoints.password, { id: String(sub.id), password: 'bad:pass1' }, { headers })).code,
    ).toBe(10001);
    const remark = await t.send(
      subEndpoints.remark,
      { id: String(sub.id), remark: '  team B  ' },
      { headers },
    );
    expect(remark.data).toMatchObject({ remark: 'team B' });
    expect(
      (await t.send(subEndpoints.remark, { id: String(sub.id), remark: 'x'.repeat(101) }, { headers })).code,
    ).toBe(10001);
    const disabled = await t.send(
      subEndpoints.status,
      { id: String(sub.id), status: 'disabled' },
      { headers },
    );
    expect(disabled.data).toMatchObject({ status: 'disabled' });
    expect(
      (await t.sendUnchecked(subEndpoints.status, { id: String(sub.id), status: 'deleted' }, { headers }))
        .code,
    ).toBe(10001);
  });

  it('stores proxy passwords encrypted and never logs them', async () => {
    const { headers } = await customer();
    const password = 'Never-Logged.42';
    const sub = successData(await add(headers, { username: username(), password }));
    const row = await t.ctx.db
      .selectFrom('subaccounts')
      .select('password_cipher')
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(row.password_cipher).not.toContain(password);
    expect(row.password_cipher).toMatch(/^v1\./);
    await t.call({
      method: 'GET',
      url: `${apiUrl(subEndpoints.password)}?id=${sub.id}&password=Also-Secret.43`,
      headers,
    });
    expect(t.logs.join('')).not.toContain(password);
    expect(t.logs.join('')).not.toContain('Also-Secret.43');
  });

  it('deletes a sub-account: its traffic returns to the main account, once, and the username is free again', async () => {
    const { headers, token } = await customer(1);
    const name = username();
    const sub = successData(await add(headers, { username: name, traffic: '0.4' }));
    const deleted = await t.send(subEndpoints.delete, { id: String(sub.id) }, { headers });
    expect(deleted).toMatchObject({
      code: 0,
      data: { id: sub.id, recycled_bytes: 0.4 * GB, main_traffic_left_bytes: GB },
    });
    expect((await t.send(subEndpoints.delete, { id: String(sub.id) }, { headers })).code).toBe(10009);
    expect(
      (await t.call({ method: 'GET', url: `${apiUrl(subEndpoints.delete)}?id=${sub.id}`, headers })).code,
    ).toBe(10009);
    expect((await accountInfo(t, token)).traffic_left_bytes).toBe(GB);
    expect((await list(headers)).total).toBe(0);
    expect(
      (
        await move(headers, {
          id: String(sub.id),
          action: 'allocate',
          traffic: '0.1',
          request_id: 'after-delete-1',
        })
      ).code,
    ).toBe(10009);
    expect((await add(headers, { username: name })).code).toBe(0);
  });

  it('searches by username or remark and pages, newest first', async () => {
    const { headers } = await customer();
    const names = [username('alpha'), username('bravo'), username('alpha')];
    for (const [i, name] of names.entries()) {
      await add(headers, { username: name, remark: i === 1 ? 'Mobile 100% team' : '' });
    }
    expect((await list(headers, { search: 'ALPHA' })).list.map((s) => s.username)).toEqual([
      names[2],
      names[0],
    ]);
    expect((await list(headers, { search: '100%' })).list.map((s) => s.username)).toEqual([names[1]]);
    expect((await list(headers, { search: '_' })).total).toBe(0);
    const page = await list(headers, { page: 2, page_size: 2 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.list.map((s) => s.username)).toEqual([names[0]]);
    expect((await t.send(subEndpoints.list, { page_size: 1000 }, { headers })).code).toBe(10001);
    // One sub-account by id (the edit page); another account's id lists nothing.
    const one = (await list(headers, { search: 'alpha' })).list[1];
    expect((await list(headers, { id: String(one?.id) })).list.map((s) => s.username)).toEqual([names[0]]);
    expect((await list((await customer()).headers, { id: String(one?.id) })).total).toBe(0);
    expect((await t.send(subEndpoints.list, { id: 'abc' }, { headers })).code).toBe(10001);
  });

  it('keeps every balance equal to its entries (audit)', async () => {
    const report = await auditLedger(t.ctx.db);
    expect(report.mismatches).toEqual([]);
    expect(report.brokenChains).toEqual([]);
  });
});

import { ledgerChangeKinds } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, fundedCustomer } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dayOf, GB, MB, trafficCalls } from './traffic.test-helpers';
import { seedChanges, type SeededChanges } from './traffic.test-seed';

/**
 * `/traffic/changelog` is a view of the ledger (docs/architecture.md#ledger): after the changes of `seedChanges` it
 * shows exactly the ledger's traffic entries of the customer-facing kinds, and the gateway's entries
 * summed into `usage` rows (decision 027), newest first.
 */
describe('traffic change record', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { get } = trafficCalls(() => t);
  let c: SeededChanges;
  let headers: Record<string, string>;
  beforeAll(async () => {
    c = await seedChanges(t);
    headers = c.headers;
  });

  const changelog = async (query: Record<string, string>) =>
    successData(await get('changelog', query, headers));

  it('lists every traffic change of the account, newest first, as the ledger recorded it', async () => {
    const data = await changelog({ page_size: '100' });
    const T = c.trialBytes;
    const s1 = c.sub1.id;
    const s2 = c.sub2.id;
    expect(data.total).toBe(14);
    expect(
      data.list.map((c) => [
        c.kind,
        c.subaccount_id,
        c.amount_bytes,
        c.balance_before_bytes,
        c.balance_after_bytes,
      ]),
    ).toEqual([
      ['refund', null, -2 * GB, T + 2.7 * GB - 4 * MB, T + 0.7 * GB - 4 * MB],
      ['usage', s1, -MB, 0.3 * GB, 0.3 * GB - MB],
      ['usage', null, -4 * MB, T + 2.7 * GB, T + 2.7 * GB - 4 * MB],
      ['subaccount_deletion', null, 0.1 * GB, T + 2.6 * GB, T + 2.7 * GB],
      ['subaccount_deletion', s2, -0.1 * GB, 0.1 * GB, 0],
      ['allocate', s2, 0.1 * GB, 0, 0.1 * GB],
      ['allocate', null, -0.1 * GB, T + 2.7 * GB, T + 2.6 * GB],
      ['recycle', null, 0.2 * GB, T + 2.5 * GB, T + 2.7 * GB],
      ['recycle', s1, -0.2 * GB, 0.5 * GB, 0.3 * GB],
      ['allocate', s1, 0.5 * GB, 0, 0.5 * GB],
      ['allocate', null, -0.5 * GB, T + 3 * GB, T + 2.5 * GB],
      ['adjustment', null, GB, T + 2 * GB, T + 3 * GB],
      ['purchase', null, 2 * GB, T, T + 2 * GB],
      ['trial', null, T, 0, T],
    ]);
    // The deleted sub-account keeps its name in the record.
    expect(data.list.filter((c) => c.subaccount_id === s2).map((c) => c.username)).toEqual([
      c.sub2.username,
      c.sub2.username,
    ]);
    expect(data.list.filter((c) => c.subaccount_id === null).every((c) => c.username === null)).toBe(true);

    const entries = data.list.filter((c) => c.kind !== 'usage');
    const ledger = await t.ctx.db
      .selectFrom('ledger_entries as e')
      .leftJoin('subaccounts as s', 's.id', 'e.subaccount_id')
      .select([
        'e.id',
        'e.created_at',
        'e.kind',
        'e.subaccount_id',
        's.username',
        'e.amount',
        'e.balance_after',
      ])
      .where('e.account_id', '=', c.account.id)
      .where('e.asset', '=', 'traffic')
      .where('e.kind', 'in', [...ledgerChangeKinds])
      .orderBy('e.id', 'desc')
      .execute();
    expect(entries).toEqual(
      ledger.map((e) => ({
        id: Number(e.id),
        time: e.created_at.toISOString(),
        kind: e.kind,
        subaccount_id: e.subaccount_id,
        username: e.username,
        amount_bytes: Number(e.amount),
        balance_before_bytes: Number(e.balance_after - e.amount),
        balance_after_bytes: Number(e.balance_after),
        since: null,
        for_subaccounts_bytes: 0,
      })),
    );
    const hidden = await t.ctx.db
      .selectFrom('ledger_entries')
      .select('kind')
      .distinct()
      .where('account_id', '=', c.account.id)
      .where('kind', 'not in', [...ledgerChangeKinds])
      .execute();
    expect(hidden.map((h) => h.kind).sort()).toEqual(['lease', 'lease_return', 'order_payment', 'usage']);
  });

  it('pages the record', async () => {
    const all = (await changelog({ page_size: '100' })).list;
    const pages = [];
    for (const page of ['1', '2', '3']) pages.push(await changelog({ page, page_size: '5' }));
    expect(pages.map((p) => [p.list.length, p.total, p.page, p.page_size])).toEqual([
      [5, 14, 1, 5],
      [5, 14, 2, 5],
      [4, 14, 3, 5],
    ]);
    expect(pages.flatMap((p) => p.list)).toEqual(all);
    // Past the end: no rows, the count still right.
    expect(await changelog({ page: '4', page_size: '5' })).toMatchObject({ list: [], total: 14 });
  });

  it('filters by kind, by owner (0 = the main account) and by UTC days', async () => {
    const kinds = async (query: Record<string, string>) =>
      (await changelog({ ...query, page_size: '100' })).list.map((c) => [c.kind, c.subaccount_id]);
    expect(await kinds({ kind: 'allocate' })).toEqual([
      ['allocate', c.sub2.id],
      ['allocate', null],
      ['allocate', c.sub1.id],
      ['allocate', null],
    ]);
    expect((await kinds({ subaccount_id: '0' })).map(([kind]) => kind)).toEqual([
      'refund',
      'usage',
      'subaccount_deletion',
      'allocate',
      'recycle',
      'allocate',
      'adjustment',
      'purchase',
      'trial',
    ]);
    expect(await kinds({ kind: 'usage' })).toEqual([
      ['usage', c.sub1.id],
      ['usage', null],
    ]);
    expect(await kinds({ subaccount_id: String(c.sub1.id) })).toEqual([
      ['usage', c.sub1.id],
      ['recycle', c.sub1.id],
      ['allocate', c.sub1.id],
    ]);
    expect(await kinds({ kind: 'recycle', subaccount_id: '0' })).toEqual([['recycle', null]]);
    const today = dayOf(t.ctx.clock());
    expect((await changelog({ start_date: today, end_date: today })).total).toBe(14);
    const yesterday = dayOf(t.ctx.clock(), -1);
    expect(await changelog({ start_date: yesterday, end_date: yesterday })).toMatchObject({
      total: 0,
      list: [],
    });
    expect(await changelog({ start_date: yesterday })).toMatchObject({
      total: 14,
      start_date: yesterday,
      end_date: today,
    });
    // A deleted sub-account is not a filter any more (as on the sub-account routes).
    expect(await get('changelog', { subaccount_id: String(c.sub2.id) }, headers)).toMatchObject({
      code: 10009,
    });
  });

  it('shows another account none of these entries', async () => {
    const other = await fundedCustomer(t, 0);
    const theirs = await get('changelog', {}, authHeader(other.token));
    expect(theirs.data).toMatchObject({ total: 0, list: [] });
  });
});

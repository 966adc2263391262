import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditBooks } from '../../cli/books-audit';
import { auditLedger, post, type Posting } from './ledger.service';

async function accountId(t: TestApp): Promise<number> {
  const { email } = await activatedAccount(t);
  const row = await t.ctx.db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

const postOnce = (t: TestApp, posting: Posting) =>
  t.ctx.db.transaction().execute((trx) => post(trx, posting));

describe('the ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The books are not audited at close: cached balances are tampered with here on purpose, to show the audit finds it.
    t = await createTestApp({}, { auditAtClose: false });
  });
  afterAll(() => t.close());

  it('credits and debits with an entry each, and refuses to overdraw without changing anything', async () => {
    const id = await accountId(t);
    expect(await postOnce(t, { accountId: id, asset: 'money', kind: 'adjustment', amount: 2500n })).toEqual({
      ok: true,
      balanceAfter: 2500n,
    });
    expect(
      await postOnce(t, { accountId: id, asset: 'money', kind: 'order_payment', amount: -2000n }),
    ).toEqual({
      ok: true,
      balanceAfter: 500n,
    });
    expect(
      await postOnce(t, { accountId: id, asset: 'money', kind: 'order_payment', amount: -501n }),
    ).toEqual({
      ok: false,
      available: 500n,
    });
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', id)
      .execute();
    expect(entries.map((e) => [e.amount, e.balance_after])).toEqual([
      [2500n, 2500n],
      [-2000n, 500n],
    ]);
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [], brokenChains: [] });
  });

  it('a business event posts a kind once: the second posting with the same reference is refused', async () => {
    const id = await accountId(t);
    const posting: Posting = {
      accountId: id,
      asset: 'money',
      kind: 'recharge',
      amount: 2000n,
      ref: { type: 'recharge', id: `r-${id}` },
    };
    await postOnce(t, posting);
    await expect(postOnce(t, posting)).rejects.toThrow(/unique|duplicate/i);
    const row = await t.ctx.db
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.balance_cents).toBe(2000n);
  });

  it('50 parallel debits never overdraw: exactly floor(balance / price) succeed (T2)', async () => {
    const id = await accountId(t);
    const price = 700n;
    const balance = 2500n * 7n + 350n; // 25.5 prices
    await postOnce(t, { accountId: id, asset: 'money', kind: 'adjustment', amount: balance });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        postOnce(t, { accountId: id, asset: 'money', kind: 'order_payment', amount: -price }),
      ),
    );
    const successes = results.filter((r) => r.ok).length;
    console.info(
      `T2: 50 parallel debits of ${price} against ${balance}: ${successes} succeeded, ${50 - successes} refused`,
    );
    expect(successes).toBe(Number(balance / price));
    expect(results.some((r) => !r.ok)).toBe(true);
    const row = await t.ctx.db
      .selectFrom('accounts')
      .select('balance_cents')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.balance_cents).toBe(balance - BigInt(successes) * price);
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [], brokenChains: [] });
  });

  it('the audit finds a balance changed behind the ledger’s back', async () => {
    const id = await accountId(t);
    await postOnce(t, { accountId: id, asset: 'traffic', kind: 'trial', amount: 1_000_000_000n });
    await t.ctx.db.updateTable('accounts').set({ traffic_left_bytes: 5n }).where('id', '=', id).execute();
    const report = await auditLedger(t.ctx.db);
    expect(report.mismatches).toContainEqual({
      accountId: id,
      asset: 'traffic',
      subaccountId: null,
      cached: 5n,
      fromEntries: 1_000_000_000n,
    });
    // The whole-books audit (`npm run audit`, and every test app's close) says so too.
    expect((await auditBooks(t.ctx.db)).problems).toContain(
      `MISMATCH account ${id} traffic: cached 5, entries sum 1000000000`,
    );
  });
});

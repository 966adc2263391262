import { internalGatewayEndpoints } from '@resiport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub, gatewayCall, reportUsage } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditBooks } from '../../cli/books-audit';

const MB = 1_000_000;

/**
 * `npm run audit -- --incremental` (decision 048): a clean run checkpoints every owner's sum, and the
 * next run reads only the entries after the checkpoints yet finds what the whole audit finds — a
 * balance changed behind the ledger's back, an entry off its chain, an entry naming another account's
 * sub-account — and then moves no checkpoint.
 */
describe('the ledger audit from checkpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Not audited at close: the books are broken on purpose below, to show the audit finds it.
    t = await createTestApp({}, { auditAtClose: false });
  });
  afterAll(() => t.close());

  const entriesAfter = async (id: bigint) => {
    const row = await t.ctx.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', '>', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const lastEntryId = async () => {
    const row = await t.ctx.db
      .selectFrom('ledger_entries')
      .select(sql<string | null>`max(id)::text`.as('id'))
      .executeTakeFirstOrThrow();
    return BigInt(row.id ?? '0');
  };
  const checkpoints = () =>
    t.ctx.db
      .selectFrom('ledger_audit_checkpoints')
      .select(['account_id', 'asset', 'subaccount_key', 'through_id', 'total'])
      .orderBy('account_id')
      .orderBy('asset')
      .orderBy('subaccount_key')
      .execute();

  /** Traffic moved the way the product moves it: leases, usage and their settlement. */
  async function spend(c: { id: number; subId: number }, gateway: string) {
    for (const subaccount_id of [null, c.subId]) {
      const owner = { account_id: c.id, subaccount_id };
      await gatewayCall(t, internalGatewayEndpoints.lease, {
        ...owner,
        instance_id: gateway,
        want_bytes: 40 * MB,
      });
      await reportUsage(t, gateway, owner, 3 * MB);
      await gatewayCall(t, internalGatewayEndpoints.release, { ...owner, instance_id: gateway });
    }
  }

  it('checkpoints a clean run, then reads only the entries after it and still finds every break', async () => {
    const a = await customerWithSub(t, { mainGb: 2, subGb: 0.5 });
    const b = await customerWithSub(t, { mainGb: 1, subGb: 0.2 });
    await spend(a, 'gw-a1');

    // The first run has no checkpoint: it reads the whole ledger, as the full audit does.
    const first = await auditBooks(t.ctx.db, { incremental: true });
    expect(first.problems).toEqual([]);
    expect(first.lines).toContain(
      `ledger entries checked: ${await entriesAfter(0n)} (since the checkpoints)`,
    );
    const kept = await checkpoints();
    // Every owner of both customers: money and traffic of each main account, and each sub-account.
    expect(kept.filter((c) => c.account_id === a.id || c.account_id === b.id)).toHaveLength(6);
    const subA = kept.find((c) => c.account_id === a.id && c.subaccount_key === a.subId);
    expect(subA?.total).toBeGreaterThan(0n);

    // More traffic: the next run reads just the new entries, and agrees with the whole audit.
    const before = await lastEntryId();
    await spend(a, 'gw-a2');
    await spend(b, 'gw-b1');
    const added = await entriesAfter(before);
    expect(added).toBeGreaterThan(4);
    const second = await auditBooks(t.ctx.db, { incremental: true });
    expect(second.problems).toEqual([]);
    expect(second.lines).toContain(`ledger entries checked: ${added} (since the checkpoints)`);
    expect((await auditBooks(t.ctx.db)).problems).toEqual([]);
    const moved = await checkpoints();
    expect(moved.find((c) => c.account_id === b.id && c.subaccount_key === b.subId)?.through_id).toBe(
      await lastEntryId(),
    );

    // A cached balance changed behind the ledger's back, with no entry after the checkpoint.
    await sql`update subaccounts set traffic_left_bytes = traffic_left_bytes + 7 where id = ${a.subId}`.execute(
      t.ctx.db,
    );
    const tampered = await auditBooks(t.ctx.db, { incremental: true });
    expect(tampered.problems.join('\n')).toMatch(new RegExp(`MISMATCH account ${a.id} traffic`));
    expect(await checkpoints()).toEqual(moved);
    await sql`update subaccounts set traffic_left_bytes = traffic_left_bytes - 7 where id = ${a.subId}`.execute(
      t.ctx.db,
    );
    expect((await auditBooks(t.ctx.db, { incremental: true })).problems).toEqual([]);
  });

  it('finds an entry off its chain and one naming another account’s sub-account after the checkpoints', async () => {
    const a = await customerWithSub(t, { mainGb: 1, subGb: 0.3 });
    const b = await customerWithSub(t, { mainGb: 1, subGb: 0.3 });
    expect((await auditBooks(t.ctx.db, { incremental: true })).problems).toEqual([]);
    // An entry whose balance_after skips what it should be (its cached balance moved with it).
    await sql`insert into ledger_entries (account_id, asset, kind, amount, balance_after)
      select id, 'money', 'adjustment', 100, balance_cents + 101 from accounts where id = ${a.id}`.execute(
      t.ctx.db,
    );
    await sql`update accounts set balance_cents = balance_cents + 100 where id = ${a.id}`.execute(t.ctx.db);
    // Traffic posted on account a against account b's sub-account.
    await sql`insert into ledger_entries (account_id, asset, kind, amount, balance_after, subaccount_id)
      values (${a.id}, 'traffic', 'adjustment', 5, 5, ${b.subId})`.execute(t.ctx.db);
    const found = await auditBooks(t.ctx.db, { incremental: true });
    expect(found.problems.join('\n')).toMatch(new RegExp(`BROKEN CHAIN account ${a.id} money`));
    expect(found.problems.join('\n')).toMatch(
      new RegExp(`MISMATCH account ${a.id} traffic: cached 0, entries sum 5`),
    );
    // The whole audit finds the same two.
    const whole = await auditBooks(t.ctx.db);
    expect(whole.problems.join('\n')).toMatch(new RegExp(`BROKEN CHAIN account ${a.id} money`));
    expect(whole.problems.join('\n')).toMatch(
      new RegExp(`MISMATCH account ${a.id} traffic: cached 0, entries sum 5`),
    );
  });
});

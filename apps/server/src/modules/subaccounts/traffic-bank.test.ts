import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInfo, authHeader, signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger, post } from '../ledger/ledger.service';
import { findSubaccountTotalsDrift } from './subaccount.repository';
import { subEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';

const GB = 1_000_000_000;

/** A small deterministic generator, so a failing run can be replayed from its printed seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The bank test (docs/architecture.md#ledger): one main account, 20 sub-accounts, parallel random
 * allocate / recycle / delete, while a reader checks the conservation sum the whole time:
 * main left + Σ sub-accounts left + consumed = Σ purchased.
 */
describe('traffic conservation under concurrency (T3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('never loses or creates a byte while 20 sub-accounts are allocated, recycled and deleted in parallel', async () => {
    const seed = Number(process.env.BANK_SEED ?? Date.now() % 100_000);
    const next = random(seed);
    const account = await signedInAccount(t);
    const headers = authHeader(account.token);
    const { id } = await accountInfo(t, account.token);
    const purchased = 100n * BigInt(GB);
    await t.ctx.db
      .transaction()
      .execute((trx) =>
        post(trx, { accountId: id, asset: 'traffic', kind: 'adjustment', amount: purchased }),
      );
    const subIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const created = await t.send(
        subEndpoints.add,
        { username: `bankuser${seed}x${String(i).padStart(3, '0')}` },
        { headers },
      );
      expect(created.code).toBe(0);
      subIds.push(successData(created).id);
    }

    // One statement, so it reads one consistent snapshot of the main account and every sub-account.
    const conserved = async () => {
      const { rows } = await sql<{ total: string }>`
        select (a.traffic_left_bytes + a.traffic_used_bytes + coalesce(
                  (select sum(s.traffic_left_bytes + s.traffic_used_bytes) from subaccounts s where s.account_id = a.id),
                  0))::text as total
        from accounts a where a.id = ${id}`.execute(t.ctx.db);
      return BigInt(rows[0]?.total ?? '-1') === purchased;
    };

    const state = { running: true };
    let checks = 0;
    let violations = 0;
    const reader = (async () => {
      while (state.running) {
        checks++;
        if (!(await conserved())) violations++;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    const tally: Record<string, number> = {};
    const operation = async (n: number) => {
      const sub = subIds[Math.floor(next() * subIds.length)] ?? 0;
      const roll = next();
      const gb = (Math.floor(next() * 5000) / 1000).toFixed(3);
      const response =
        roll < 0.03
          ? await t.send(subEndpoints.delete, { id: String(sub) }, { headers })
          : await t.send(
              subEndpoints.traffic,
              {
                id: String(sub),
                action: roll < 0.55 ? 'allocate' : 'recycle',
                traffic: gb === '0.000' ? '0.001' : gb,
                request_id: `bank-${seed}-${n}`,
              },
              { headers },
            );
      const label = `${roll < 0.03 ? 'delete' : roll < 0.55 ? 'allocate' : 'recycle'}:${response.code}`;
      tally[label] = (tally[label] ?? 0) + 1;
    };
    const total = 400;
    for (let batch = 0; batch < total; batch += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => operation(batch + i)));
    }
    state.running = false;
    await reader;

    const finalOk = await conserved();
    const audit = await auditLedger(t.ctx.db);
    console.info(
      `T3: seed ${seed}, ${total} operations ${JSON.stringify(tally)}, ${checks} conservation checks, ${violations} violations`,
    );
    expect(violations).toBe(0);
    expect(finalOk).toBe(true);
    expect(checks).toBeGreaterThanOrEqual(5);
    expect((tally['allocate:0'] ?? 0) + (tally['recycle:0'] ?? 0)).toBeGreaterThan(50);
    expect(audit.mismatches).toEqual([]);
    expect(audit.brokenChains).toEqual([]);
    // The figures /user/info reads from the account's row followed every one of those moves.
    expect(await findSubaccountTotalsDrift(t.ctx.db)).toEqual([]);
  });
});

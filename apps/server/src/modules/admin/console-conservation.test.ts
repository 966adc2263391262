import {
  adminCustomersEndpoints,
  adminPaymentsEndpoints,
  ResultCode,
  subEndpoints,
  type Endpoint,
} from '@resiport/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerWithSub,
  fundAccount,
  payOrder,
  signedInOperator,
  trafficConserved,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger } from '../ledger/ledger.service';
import { consoleCall, newKey } from './customers/customers.test-helpers';

/**
 * Console actions mixed with customer activity (docs/product.md#operator-console): random sequences of balance and traffic
 * adjustments (some larger than what is left), refunds, disables and enables by an operator, run three
 * at a time beside the customers' own orders and sub-account moves. Whatever the interleaving: the
 * ledger audit holds, every account's traffic adds up, every console change that succeeded has
 * exactly one audit row and every refused one none. Replay a run with CONSOLE_SEED=<seed printed>.
 */

type Op =
  | { kind: 'adjustBalance'; who: number; cents: number }
  | { kind: 'adjustTraffic'; who: number; mb: number }
  | { kind: 'order'; who: number; gb: number }
  | { kind: 'move'; who: number; action: 'allocate' | 'recycle'; mb: number }
  | { kind: 'refund'; who: number }
  | { kind: 'disable' | 'enable'; who: number };

const CUSTOMERS = 2;
const who = fc.integer({ min: 0, max: CUSTOMERS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('adjustBalance' as const),
    who,
    cents: fc.integer({ min: -3000, max: 3000 }),
  }),
  fc.record({ kind: fc.constant('adjustTraffic' as const), who, mb: fc.integer({ min: -3000, max: 3000 }) }),
  fc.record({ kind: fc.constant('order' as const), who, gb: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('move' as const),
    who,
    action: fc.constantFrom('allocate' as const, 'recycle' as const),
    mb: fc.integer({ min: 1, max: 1500 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), who }),
  fc.record({ kind: fc.constantFrom('disable' as const, 'enable' as const), who }),
);

/** The console actions that write an audit row when they succeed. */
const audited = new Set<Op['kind']>(['adjustBalance', 'adjustTraffic', 'refund', 'disable', 'enable']);

describe('operator console: conservation under mixed console and customer activity', () => {
  let t: TestApp;
  let call: ReturnType<typeof consoleCall>;
  const seed = Number(process.env.CONSOLE_SEED ?? Date.now() % 2 ** 31);
  const tally = new Map<string, number>();
  const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

  beforeAll(async () => {
    t = await createTestApp();
    call = consoleCall(t, (await signedInOperator(t)).token);
  });
  afterAll(async () => {
    console.log(
      `console conservation (seed ${seed}): ` +
        [...tally]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, n]) => `${k}×${n}`)
          .join(' '),
    );
    await t.close();
  });

  /** The customer's latest paid order, for a refund. */
  async function latestPaidOrder(accountId: number): Promise<number | undefined> {
    const row = await t.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('account_id', '=', accountId)
      .where('status', '=', 'paid')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.id;
  }

  async function run(
    customers: Awaited<ReturnType<typeof customerWithSub>>[],
    step: Op,
  ): Promise<{ ok: boolean; audited: boolean }> {
    const customer = customers[step.who];
    if (!customer) throw new Error('no such customer');
    const reason = `random ${step.kind}`;
    const console = (endpoint: Endpoint, input: Record<string, string | number>) =>
      call(endpoint, { account_id: customer.id, reason, ...input });
    let answer: { code: number };
    switch (step.kind) {
      case 'adjustBalance':
        if (step.cents === 0) return { ok: false, audited: false };
        answer = await console(adminCustomersEndpoints.adjustBalance, {
          amount: (step.cents / 100).toFixed(2),
          idempotency_key: newKey(),
        });
        break;
      case 'adjustTraffic':
        if (step.mb === 0) return { ok: false, audited: false };
        answer = await console(adminCustomersEndpoints.adjustTraffic, {
          traffic: (step.mb / 1000).toFixed(3),
          idempotency_key: newKey(),
        });
        break;
      case 'disable':
        answer = await console(adminCustomersEndpoints.disable, {});
        break;
      case 'enable':
        answer = await console(adminCustomersEndpoints.enable, {});
        break;
      case 'refund': {
        const orderId = await latestPaidOrder(customer.id);
        if (orderId === undefined) return { ok: false, audited: false };
        answer = await call(adminPaymentsEndpoints.refund, {
          order_id: orderId,
          reason,
          idempotency_key: newKey(),
        });
        break;
      }
      case 'order':
        answer = await payOrder(t, customer.token, { quantity: String(step.gb), way: 'balance' });
        break;
      case 'move':
        answer = await t.call({
          method: 'POST',
          url: `/api${subEndpoints.traffic.path}`,
          payload: {
            id: customer.subId,
            action: step.action,
            traffic: String(step.mb / 1000),
            request_id: newKey(),
          },
          headers: customer.headers,
        });
        break;
    }
    // Refusals are expected (short balance, a disabled customer's session…), a server failure never.
    expect(answer.code, JSON.stringify({ step, answer })).not.toBe(ResultCode.InternalError);
    const ok = answer.code === 0;
    count(`${step.kind}:${ok ? 'ok' : String(answer.code)}`);
    return { ok, audited: ok && audited.has(step.kind) };
  }

  it('keeps the ledger, the traffic and the audit log consistent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 12, maxLength: 24 }), async (ops) => {
        const customers = await Promise.all(
          Array.from({ length: CUSTOMERS }, () => customerWithSub(t, { mainGb: 2, subGb: 0.5 })),
        );
        for (const customer of customers) await fundAccount(t, customer.id, 4000);
        const auditBefore = await auditCount(customers.map((c) => c.id));
        let expectedAudit = 0;
        for (let i = 0; i < ops.length; i += 3) {
          const results = await Promise.all(ops.slice(i, i + 3).map((step) => run(customers, step)));
          expectedAudit += results.filter((r) => r.audited).length;
        }

        const report = await auditLedger(t.ctx.db);
        expect(report.mismatches).toEqual([]);
        expect(report.brokenChains).toEqual([]);
        for (const customer of customers) {
          expect(await trafficConserved(t, customer.id, await trafficPutOn(customer.id))).toBe(true);
        }
        expect(await auditCount(customers.map((c) => c.id))).toBe(auditBefore + expectedAudit);
      }),
      { numRuns: 5, seed },
    );
    // Not vacuous: the runs both changed things and were refused something.
    const successes = [...tally].filter(([k]) => k.endsWith(':ok')).reduce((n, [, v]) => n + v, 0);
    const refusals = [...tally].filter(([k]) => !k.endsWith(':ok')).reduce((n, [, v]) => n + v, 0);
    expect(successes).toBeGreaterThan(10);
    expect(refusals).toBeGreaterThan(0);
  });

  /** Traffic put on the account from outside it: bought, trial, adjusted, minus refunded. */
  async function trafficPutOn(accountId: number): Promise<bigint> {
    const { rows } = await sql<{ total: string | null }>`
      select sum(amount)::text as total from ledger_entries
      where account_id = ${accountId} and asset = 'traffic' and subaccount_id is null
        and kind in ('purchase', 'trial', 'adjustment', 'refund')`.execute(t.ctx.db);
    return BigInt(rows[0]?.total ?? '0');
  }

  async function auditCount(accountIds: number[]): Promise<number> {
    const row = await t.ctx.db
      .selectFrom('operator_audit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', 'in', accountIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});

import { adminCustomersEndpoints as calls, internalGatewayEndpoints, ResultCode } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedCustomer, gatewayCall, signedInOperator, trafficConserved } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { auditLedger } from '../../ledger/ledger.service';
import { auditRowsOf, consoleCall, newKey, snapshotOf } from './customers.test-helpers';

const GB = 1_000_000_000;

/** Operator adjustments (docs/product.md#operator-console): a ledger entry of kind adjustment with the reason, never a silent change. */
describe('console: adjusting a balance or traffic', () => {
  let t: TestApp;
  let call: ReturnType<typeof consoleCall>;
  let operatorId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const operator = await signedInOperator(t);
    operatorId = operator.id;
    call = consoleCall(t, operator.token);
  });
  afterAll(() => t.close());

  const adjustmentEntries = (accountId: number, asset: 'money' | 'traffic') =>
    t.ctx.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('asset', '=', asset)
      .where('kind', '=', 'adjustment')
      .orderBy('id')
      .execute();

  it('credits and debits the balance: one entry each, the reason as its note, an audit row before → after', async () => {
    const customer = await fundedCustomer(t, 1000);
    const credit = await call(calls.adjustBalance, {
      account_id: customer.id,
      amount: '25.50',
      reason: 'Goodwill credit for ticket #1234',
      idempotency_key: newKey(),
    });
    expect(credit.code).toBe(0);
    expect(credit.data).toMatchObject({ amount_cents: 2550, balance_cents: 3550 });
    const debit = await call(calls.adjustBalance, {
      account_id: customer.id,
      amount: '-0.50',
      reason: 'Correction of the credit',
      idempotency_key: newKey(),
    });
    expect(debit.data).toMatchObject({ amount_cents: -50, balance_cents: 3500 });

    const entries = await adjustmentEntries(customer.id, 'money');
    // The factory's funding is an adjustment too (without a reference); the console's carry one.
    const consoles = entries.filter((e) => e.ref_type === 'operator_adjustment');
    expect(consoles.map((e) => [e.amount, e.balance_after, e.note])).toEqual([
      [2550n, 3550n, 'Goodwill credit for ticket #1234'],
      [-50n, 3500n, 'Correction of the credit'],
    ]);
    const audit = await auditRowsOf(t, customer.id);
    expect(audit.map((row) => [row.action, row.operator_id, row.before, row.after, row.reason])).toEqual([
      [
        'customer.adjust_balance',
        operatorId,
        { balance_cents: '1000' },
        { balance_cents: '3550', ledger_entry_id: String(consoles[0]?.id) },
        'Goodwill credit for ticket #1234',
      ],
      [
        'customer.adjust_balance',
        operatorId,
        { balance_cents: '3550' },
        { balance_cents: '3500', ledger_entry_id: String(consoles[1]?.id) },
        'Correction of the credit',
      ],
    ]);
    expect(successData(credit).ledger_entry_id).toBe(Number(consoles[0]?.id));
  });

  it('adjusts the main account traffic in GB, exactly in bytes', async () => {
    const customer = await fundedCustomer(t, 0);
    const added = await call(calls.adjustTraffic, {
      account_id: customer.id,
      traffic: '2.000000001',
      reason: 'Compensation for the outage',
      idempotency_key: newKey(),
    });
    expect(added.data).toMatchObject({ amount_bytes: 2 * GB + 1, traffic_left_bytes: 2 * GB + 1 });
    const taken = await call(calls.adjustTraffic, {
      account_id: customer.id,
      traffic: '-0.5',
      reason: 'Part of it given by mistake',
      idempotency_key: newKey(),
    });
    expect(taken.data).toMatchObject({ amount_bytes: -GB / 2, traffic_left_bytes: 1.5 * GB + 1 });
    const entries = await adjustmentEntries(customer.id, 'traffic');
    expect(entries.map((e) => [e.amount, e.note])).toEqual([
      [2_000_000_001n, 'Compensation for the outage'],
      [-500_000_000n, 'Part of it given by mistake'],
    ]);
    const audit = await auditRowsOf(t, customer.id);
    expect(
      audit.map((row) => [row.action, row.before, (row.after as Record<string, unknown>).traffic_left_bytes]),
    ).toEqual([
      ['customer.adjust_traffic', { traffic_left_bytes: '0' }, '2000000001'],
      ['customer.adjust_traffic', { traffic_left_bytes: '2000000001' }, '1500000001'],
    ]);
  });

  it('can take all the traffic the customer is shown, a gateway reservation included', async () => {
    const customer = await fundedCustomer(t, 0);
    const give = { account_id: customer.id, traffic: '1', reason: 'One GB', idempotency_key: newKey() };
    expect((await call(calls.adjustTraffic, give)).code).toBe(0);
    const owner = { account_id: customer.id, subaccount_id: null };
    const lease = await gatewayCall(t, internalGatewayEndpoints.lease, {
      ...owner,
      instance_id: 'gw-adjust',
      want_bytes: 100_000_000,
    });
    expect(lease.data).toMatchObject({ granted_bytes: 100_000_000 });
    const take = {
      account_id: customer.id,
      traffic: '-1',
      reason: 'All of it back',
      idempotency_key: newKey(),
    };
    const taken = await call(calls.adjustTraffic, take);
    expect([taken.code, taken.data]).toEqual([0, expect.objectContaining({ traffic_left_bytes: 0 })]);
    expect(await trafficConserved(t, customer.id, 0n)).toBe(true);
  });

  it('posts once per idempotency key, sent twice or at once; another amount with the key is 10021', async () => {
    const customer = await fundedCustomer(t, 0);
    const key = newKey();
    const input = {
      account_id: customer.id,
      amount: '10',
      reason: 'Double click test',
      idempotency_key: key,
    };
    const answers = await Promise.all([call(calls.adjustBalance, input), call(calls.adjustBalance, input)]);
    const again = await call(calls.adjustBalance, input);
    for (const answer of [...answers, again]) expect(answer.data).toMatchObject({ balance_cents: 1000 });
    const ids = [...answers, again].map((a) => successData(a).ledger_entry_id);
    expect(new Set(ids).size).toBe(1);
    expect(await adjustmentEntries(customer.id, 'money')).toHaveLength(1);
    expect(await auditRowsOf(t, customer.id)).toHaveLength(1);

    const changed = await call(calls.adjustBalance, { ...input, amount: '11' });
    expect(changed.code).toBe(ResultCode.IdempotencyKeyReused);

    const trafficKey = newKey();
    const traffic = {
      account_id: customer.id,
      traffic: '1',
      reason: 'Twice at once',
      idempotency_key: trafficKey,
    };
    await Promise.all([call(calls.adjustTraffic, traffic), call(calls.adjustTraffic, traffic)]);
    expect(await adjustmentEntries(customer.id, 'traffic')).toHaveLength(1);
  });

  it('refuses a debit beyond what is left (10050) and changes nothing', async () => {
    const customer = await fundedCustomer(t, 500);
    const before = await snapshotOf(t, customer.id);
    const money = await call(calls.adjustBalance, {
      account_id: customer.id,
      amount: '-5.01',
      reason: 'Too much',
      idempotency_key: newKey(),
    });
    expect([money.status, money.code, money.data]).toEqual([409, 10050, { available_cents: 500 }]);
    expect(money.msg).toContain('5.00 USD');
    const traffic = await call(calls.adjustTraffic, {
      account_id: customer.id,
      traffic: '-0.000000001',
      reason: 'Nothing to take',
      idempotency_key: newKey(),
    });
    expect([traffic.code, traffic.data]).toEqual([10050, { available_bytes: 0 }]);
    expect(traffic.msg).toContain('0 GB');
    expect(await snapshotOf(t, customer.id)).toEqual(before);
    expect(await auditRowsOf(t, customer.id)).toEqual([]);
  });

  it.each([
    ['amount', '0'],
    ['amount', '1.005'],
    ['amount', '1e3'],
    ['amount', '--5'],
    ['amount', '100000.01'],
    ['amount', ''],
  ])('refuses the balance amount %s=%j (10001) and changes nothing', async (field, value) => {
    const customer = await fundedCustomer(t, 100);
    const before = await snapshotOf(t, customer.id);
    const answer = await call.unchecked(calls.adjustBalance, {
      account_id: customer.id,
      [field]: value,
      reason: 'Bad amount',
      idempotency_key: newKey(),
    });
    expect([answer.status, answer.code]).toEqual([400, ResultCode.ValidationFailed]);
    expect(await snapshotOf(t, customer.id)).toEqual(before);
  });

  it('refuses bad traffic, a missing reason or key, and an unknown customer', async () => {
    const customer = await fundedCustomer(t, 100);
    const good = { account_id: customer.id, traffic: '1', reason: 'Fine reason', idempotency_key: newKey() };
    const bad = [
      { ...good, traffic: '0' },
      { ...good, traffic: '0.0000000001' },
      { ...good, traffic: '-100000.000000001' },
      { ...good, reason: 'no' },
      { ...good, idempotency_key: 'short' },
      { ...good, account_id: 'abc' },
    ];
    for (const input of bad) expect((await call(calls.adjustTraffic, input)).code).toBe(10001);
    const keyless = { account_id: good.account_id, traffic: good.traffic, reason: good.reason };
    expect((await call.unchecked(calls.adjustTraffic, keyless)).code).toBe(10001);
    expect((await call(calls.adjustTraffic, { ...good, account_id: 2_000_000_000 })).code).toBe(10009);
    expect(await adjustmentEntries(customer.id, 'traffic')).toEqual([]);
  });

  it('changes nothing of another customer', async () => {
    const target = await fundedCustomer(t, 100);
    const bystander = await fundedCustomer(t, 100);
    const before = await snapshotOf(t, bystander.id);
    await call(calls.adjustBalance, {
      account_id: target.id,
      amount: '-1',
      reason: 'Only the target',
      idempotency_key: newKey(),
    });
    await call(calls.adjustTraffic, {
      account_id: target.id,
      traffic: '3',
      reason: 'Only the target',
      idempotency_key: newKey(),
    });
    expect(await snapshotOf(t, bystander.id)).toEqual(before);
    expect(await auditRowsOf(t, bystander.id)).toEqual([]);
  });

  it('keeps the ledger consistent (audit)', async () => {
    const report = await auditLedger(t.ctx.db);
    expect(report.mismatches).toEqual([]);
    expect(report.brokenChains).toEqual([]);
  });
});

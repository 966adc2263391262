import { accountEndpoints, adminCustomersEndpoints as calls, ResultCode } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInfo, signedInAccount, signedInOperator } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { changeOperatorRole, grantOperator } from '../../account/operator.service';
import { commandLine } from '../../audit/audit.service';
import { auditRowsOf, consoleCall } from './customers.test-helpers';

/** Operators made and unmade from the console and the command line (docs/product.md#operator-console), one rule set for both. */
describe('console: making and unmaking operators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const roleOf = async (id: number) =>
    (await t.ctx.db.selectFrom('accounts').select('role').where('id', '=', id).executeTakeFirstOrThrow())
      .role;

  it('the command line promotes with an audit row by the command line; the last operator stays', async () => {
    const first = await signedInAccount(t);
    const { id } = await accountInfo(t, first.token);
    expect(await grantOperator(t.ctx.db, first.email, undefined)).toBe('promoted');
    expect(await grantOperator(t.ctx.db, first.email, undefined)).toBe('already-operator');
    const audit = await auditRowsOf(t, id);
    expect(audit.map((row) => [row.action, row.operator_id, row.before, row.after])).toEqual([
      ['customer.make_operator', null, { role: 'customer' }, { role: 'operator' }],
    ]);
    // Alone, it cannot be removed: not even by the command line.
    const demote = t.ctx.db
      .transaction()
      .execute((trx) =>
        changeOperatorRole(trx, { actor: commandLine, accountId: id, role: 'customer', reason: 'test' }),
      );
    await expect(demote).rejects.toMatchObject({ codeName: 'LastOperator' });
    expect(await roleOf(id)).toBe('operator');
  });

  it('makes a customer an operator and back, each audited; refuses yourself and no-op changes', async () => {
    const operator = await signedInOperator(t);
    const call = consoleCall(t, operator.token);
    const customer = await signedInAccount(t);
    const { id } = await accountInfo(t, customer.token);

    const made = await call(calls.makeOperator, { account_id: id, reason: 'New support hire' });
    expect([made.code, made.data]).toEqual([0, { status: 'active', role: 'operator' }]);
    const info = await t.send(accountEndpoints.userInfo, {}, { token: customer.token });
    expect(info.data).toMatchObject({ access: { name: 'operator' } });
    expect((await call(calls.makeOperator, { account_id: id, reason: 'Twice' })).code).toBe(
      ResultCode.CustomerUnchanged,
    );

    const unmade = await call(calls.unmakeOperator, { account_id: id, reason: 'Left the company' });
    expect([unmade.code, unmade.data]).toEqual([0, { status: 'active', role: 'customer' }]);
    expect(await roleOf(id)).toBe('customer');
    const self = await call(calls.unmakeOperator, { account_id: operator.id, reason: 'Myself' });
    expect([self.status, self.code]).toEqual([409, ResultCode.OwnAccount]);
    expect(await roleOf(operator.id)).toBe('operator');
    expect((await call(calls.unmakeOperator, { account_id: 2_000_000_000, reason: 'Nobody' })).code).toBe(
      10009,
    );

    expect((await auditRowsOf(t, id)).map((row) => [row.action, row.operator_id, row.reason])).toEqual([
      ['customer.make_operator', operator.id, 'New support hire'],
      ['customer.unmake_operator', operator.id, 'Left the company'],
    ]);
  });

  it('two operators removing each other at once leave one of them', async () => {
    const a = await signedInOperator(t);
    const b = await signedInOperator(t);
    const [byA, byB] = await Promise.all([
      consoleCall(t, a.token)(calls.unmakeOperator, { account_id: b.id, reason: 'Race A' }),
      consoleCall(t, b.token)(calls.unmakeOperator, { account_id: a.id, reason: 'Race B' }),
    ]);
    expect([byA.code, byB.code].sort()).toEqual([0, ResultCode.Forbidden]);
    expect([await roleOf(a.id), await roleOf(b.id)].sort()).toEqual(['customer', 'operator']);
  });
});

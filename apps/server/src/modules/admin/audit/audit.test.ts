import { adminAuditEndpoints, ResultCode, type AuditEntry } from '@resiport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signedInAccount, signedInOperator } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { commandLine, recordOperatorAction } from '../../audit/audit.service';

/** The audit log: written with the change's transaction, searchable, and impossible to rewrite. */
describe('operator console: audit log', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;
  let customerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInOperator(t);
    const customer = await signedInAccount(t);
    customerId = (
      await t.ctx.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', customer.email)
        .executeTakeFirstOrThrow()
    ).id;
    await recordOperatorAction(t.ctx.db, {
      actor: { operatorId: operator.id },
      action: 'customer.adjust_balance',
      target: { type: 'account', id: customerId },
      accountId: customerId,
      before: { balance_cents: 1000n },
      after: { balance_cents: 3500n },
      reason: 'Goodwill credit for ticket 1234',
    });
    await recordOperatorAction(t.ctx.db, {
      actor: commandLine,
      action: 'catalogue.coupon_create',
      target: { type: 'coupon', id: 'WELCOME' },
      after: { code: 'WELCOME' },
    });
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string> = {}) => {
    const answer = await t.call({
      method: 'GET',
      url: `/api${adminAuditEndpoints.list.path}?${new URLSearchParams(query).toString()}`,
      headers: authHeader(operator.token),
    });
    return answer as { code: number; data: { list: AuditEntry[]; total: number } };
  };

  it('lists actions newest first, with emails, snapshots (bigints as text) and the command line as null', async () => {
    const { code, data } = await list();
    expect(code).toBe(0);
    expect(data.total).toBe(2);
    expect(data.list.map((e) => e.action)).toEqual(['catalogue.coupon_create', 'customer.adjust_balance']);
    expect(data.list[0]).toMatchObject({
      operator_id: null,
      operator_email: null,
      account_id: null,
      before: null,
    });
    expect(data.list[1]).toMatchObject({
      operator_email: operator.email,
      account_id: customerId,
      target_id: String(customerId),
      before: { balance_cents: '1000' },
      after: { balance_cents: '3500' },
    });
  });

  it('filters by text (reason, emails, object id), action, customer and UTC days', async () => {
    expect((await list({ q: 'TICKET 1234' })).data.total).toBe(1);
    expect((await list({ q: 'welcome' })).data.list[0]?.action).toBe('catalogue.coupon_create');
    expect((await list({ q: operator.email.slice(0, 12) })).data.total).toBe(1);
    expect((await list({ q: '100%_' })).data.total).toBe(0);
    expect((await list({ action: 'customer.adjust_balance' })).data.total).toBe(1);
    expect((await list({ account_id: String(customerId) })).data.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ start_date: today, end_date: today })).data.total).toBe(2);
    expect((await list({ end_date: '2020-01-01' })).data.total).toBe(0);
  });

  it('refuses bad filters with 10001, never a 500', async () => {
    const bad: Record<string, string>[] = [
      { action: 'customer.delete' },
      { start_date: '2026-02-30' },
      { page_size: '1000' },
      { account_id: '-1' },
    ];
    for (const query of bad) {
      expect((await list(query)).code, JSON.stringify(query)).toBe(ResultCode.ValidationFailed);
    }
  });

  it('cannot be rewritten: the database refuses UPDATE and DELETE', async () => {
    await expect(
      sql`update operator_audit set reason = 'nothing happened'`.execute(t.ctx.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from operator_audit`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    expect((await list()).data.total).toBe(2);
  });
});

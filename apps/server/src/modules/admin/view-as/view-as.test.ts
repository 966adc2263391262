import {
  accountEndpoints,
  adminAuditEndpoints,
  adminViewAsEndpoints,
  dynamicEndpoints,
  orderEndpoints,
  rechargeEndpoints,
  ResultCode,
  securityEndpoints,
  subEndpoints,
  trafficEndpoints,
  whitelistEndpoints,
  type Endpoint,
} from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub, signedInOperator } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';

const portalEndpoints: Endpoint[] = [
  accountEndpoints,
  securityEndpoints,
  subEndpoints,
  whitelistEndpoints,
  trafficEndpoints,
  orderEndpoints,
  rechargeEndpoints,
  dynamicEndpoints,
].flatMap((group) => Object.values(group as Record<string, Endpoint>));

/** "View the portal as the customer": read-only, audited, and ended with the operator's rights. */
describe('operator console: read-only view of a customer', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;
  let customer: Awaited<ReturnType<typeof customerWithSub>>;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInOperator(t);
    customer = await customerWithSub(t, { mainGb: 2, subGb: 1 });
  });
  afterAll(() => t.close());

  const open = (accountId: number, reason = 'Ticket 88: customer sees no traffic', token = operator.token) =>
    t.send(adminViewAsEndpoints.open, { account_id: accountId, reason }, { token });
  const viewToken = async () => successData(await open(customer.id)).token;
  /** A call made with the view's token; any input, as the sweep over every write sends one. */
  const send = <E extends Endpoint>(endpoint: E, token: string, input: Record<string, string> = {}) =>
    t.sendUnchecked(endpoint, input, { token });

  it("reads the customer's portal as the customer sees it", async () => {
    const token = await viewToken();
    const info = await send(accountEndpoints.userInfo, token);
    expect(info.code).toBe(0);
    expect(info.data).toMatchObject({ id: customer.id });
    const subs = await send(subEndpoints.list, token);
    expect(successData(subs).list.map((s) => s.username)).toEqual([customer.username]);
    expect((await send(trafficEndpoints.changelog, token)).code).toBe(0);
  });

  it('refuses every call that is not a read with 10090, and changes nothing', async () => {
    const token = await viewToken();
    const writes = portalEndpoints.filter(
      (e) => !e.readOnly && (e.auth === 'account' || e.auth === 'session'),
    );
    expect(writes.length).toBeGreaterThan(15);
    for (const endpoint of writes) {
      const answer = await send(endpoint, token, {
        ip: '203.0.113.9',
        id: String(customer.subId),
        status: '0',
      });
      expect([answer.status, answer.code, answer.data], endpoint.path).toEqual([
        403,
        ResultCode.ViewOnly,
        null,
      ]);
    }
    const whitelist = await send(whitelistEndpoints.list, token);
    expect(successData(whitelist).total).toBe(0);
    const subs = successData(await send(subEndpoints.list, token));
    expect(subs.list.map((s) => s.id)).toEqual([customer.subId]);
  });

  it('cannot reach the console, even though an operator opened it', async () => {
    const token = await viewToken();
    expect((await send(adminAuditEndpoints.list, token)).code).toBe(ResultCode.ViewOnly);
    expect((await open(customer.id, 'nested view', token)).code).toBe(ResultCode.ViewOnly);
  });

  it('is audited with the reason, and leaves the customer’s sign-ins as they were', async () => {
    const before = await t.ctx.db
      .selectFrom('account_sessions')
      .select('id')
      .where('account_id', '=', customer.id)
      .execute();
    await viewToken();
    const after = await t.ctx.db
      .selectFrom('account_sessions')
      .select('id')
      .where('account_id', '=', customer.id)
      .execute();
    expect(after).toEqual(before);
    const rows = await t.ctx.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'customer.view')
      .where('account_id', '=', customer.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every(
        (row) => row.operator_id === operator.id && row.reason === 'Ticket 88: customer sees no traffic',
      ),
    ).toBe(true);
  });

  it('refuses an unknown customer, the operator’s own account, and a missing reason', async () => {
    expect((await open(2_000_000)).code).toBe(ResultCode.NotFound);
    expect((await open(operator.id)).code).toBe(ResultCode.OwnAccount);
    expect((await open(customer.id, ' ')).code).toBe(ResultCode.ValidationFailed);
  });

  it('ends when the token is tampered with, or the operator is signed out everywhere or unmade', async () => {
    const token = await viewToken();
    expect((await send(accountEndpoints.userInfo, `${token.slice(0, -2)}xx`)).code).toBe(
      ResultCode.SessionExpired,
    );

    const second = await signedInOperator(t);
    const secondView = successData(await open(customer.id, 'Second look', second.token));
    await t.ctx.db.updateTable('accounts').set({ role: 'customer' }).where('id', '=', second.id).execute();
    expect((await send(accountEndpoints.userInfo, secondView.token)).code).toBe(ResultCode.SessionExpired);

    // "Sign out everywhere" from the very session that opened the view ends the view too.
    const third = await signedInOperator(t);
    const thirdView = successData(await open(customer.id, 'Third look', third.token));
    expect((await send(accountEndpoints.userInfo, thirdView.token)).code).toBe(0);
    t.advanceClock(2);
    expect((await t.send(securityEndpoints.signOutEverywhere, {}, { token: third.token })).code).toBe(0);
    expect((await send(accountEndpoints.userInfo, thirdView.token)).code).toBe(ResultCode.SessionExpired);
    expect((await send(subEndpoints.list, thirdView.token)).code).toBe(ResultCode.SessionExpired);
    // A view opened after it works.
    t.advanceClock(2);
    const after = successData(await open(customer.id, 'After the sign-out', third.token));
    expect((await send(accountEndpoints.userInfo, after.token)).code).toBe(0);

    await t.ctx.db
      .updateTable('accounts')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', operator.id)
      .execute();
    expect((await send(accountEndpoints.userInfo, token)).code).toBe(ResultCode.SessionExpired);
  });
});

import {
  accountEndpoints,
  adminCustomersEndpoints as calls,
  internalGatewayEndpoints,
  ResultCode,
  whitelistEndpoints,
} from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountInfo,
  customerWithSub,
  gatewayCall,
  logIn,
  signedInAccount,
  signedInOperator,
  signUp,
} from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { auditRowsOf, consoleCall, snapshotOf } from './customers.test-helpers';
import { successData } from '@resiport/testkit';

/** Disable / enable, resend activation, sign out everywhere (docs/product.md#operator-console): each audited, each on its customer only. */
describe('console: a customer’s access', () => {
  let t: TestApp;
  let call: ReturnType<typeof consoleCall>;
  let operator: Awaited<ReturnType<typeof signedInOperator>>;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInOperator(t);
    call = consoleCall(t, operator.token);
  });
  afterAll(() => t.close());

  const me = (token: string) => t.send(accountEndpoints.userInfo, {}, { token });
  const lastEventId = async () => successData(await gatewayCall(t, internalGatewayEndpoints.events, {}));
  const eventsAfter = async (after: number) =>
    successData(await gatewayCall(t, internalGatewayEndpoints.events, { after })).events;

  it('disable cuts the proxies, the sessions and sign-in; enable restores proxies and sign-in', async () => {
    const customer = await customerWithSub(t, { mainGb: 1, subGb: 0.5, prefix: 'cutoff' });
    await t.send(whitelistEndpoints.add, { ip: '198.51.100.61' }, { headers: customer.headers });
    const email = (
      await t.ctx.db
        .selectFrom('accounts')
        .select('email')
        .where('id', '=', customer.id)
        .executeTakeFirstOrThrow()
    ).email;
    const { last_id: before } = await lastEventId();
    // A developer token made before the disable: it must not come back with the enable.
    const apiToken = successData(
      await t.send(accountEndpoints.genToken, {}, { token: customer.token }),
    ).api_token;
    expect((await me(apiToken)).code).toBe(0);

    const disabled = await call(calls.disable, { account_id: customer.id, reason: 'Chargeback fraud' });
    expect([disabled.code, disabled.data]).toEqual([0, { status: 'disabled', role: 'customer' }]);
    // Gateways: the sub-account is no longer usable, the address lets no one in, and the feed says so.
    const lookup = await gatewayCall(t, internalGatewayEndpoints.credentials, {
      username: customer.username,
    });
    expect(lookup.data).toMatchObject({ found: true, active: false });
    expect((await gatewayCall(t, internalGatewayEndpoints.whitelist, { ip: '198.51.100.61' })).data).toEqual({
      account_id: null,
    });
    const lease = await gatewayCall(t, internalGatewayEndpoints.lease, {
      account_id: customer.id,
      subaccount_id: customer.subId,
      instance_id: 'gw-disable',
      want_bytes: 1_000_000,
    });
    expect(lease.data).toMatchObject({ granted_bytes: 0, revoked: true });
    expect(await eventsAfter(before)).toContainEqual(
      expect.objectContaining({ kind: 'account', account_id: customer.id }),
    );
    // The customer: the session ends at its next call, and signing in is refused.
    expect((await me(customer.token)).code).toBe(ResultCode.SessionExpired);
    const login = await t.send(accountEndpoints.login, { email, password: 'Secret123' });
    expect(login.code).toBe(ResultCode.AccountDisabled);

    const again = await call(calls.disable, { account_id: customer.id, reason: 'Twice' });
    expect(again.code).toBe(ResultCode.CustomerUnchanged);

    const enabled = await call(calls.enable, { account_id: customer.id, reason: 'Resolved with the bank' });
    expect([enabled.code, enabled.data]).toEqual([0, { status: 'active', role: 'customer' }]);
    expect(
      (await gatewayCall(t, internalGatewayEndpoints.credentials, { username: customer.username })).data,
    ).toMatchObject({
      active: true,
    });
    expect((await gatewayCall(t, internalGatewayEndpoints.whitelist, { ip: '198.51.100.61' })).data).toEqual({
      account_id: customer.id,
    });
    // The old session and the old developer token stay ended; signing in works again.
    expect((await me(customer.token)).code).toBe(ResultCode.SessionRevoked);
    expect((await me(apiToken)).code).toBe(ResultCode.ApiTokenRevoked);
    expect((await me(await logIn(t, email))).code).toBe(0);

    const audit = await auditRowsOf(t, customer.id);
    expect(audit.map((row) => [row.action, row.before, row.after, row.reason, row.operator_id])).toEqual([
      [
        'customer.disable',
        { status: 'active' },
        { status: 'disabled', sessions_ended: 1 },
        'Chargeback fraud',
        operator.id,
      ],
      [
        'customer.enable',
        { status: 'disabled' },
        { status: 'active' },
        'Resolved with the bank',
        operator.id,
      ],
    ]);
  });

  it('does not let an operator disable or sign out themselves; enable of an active account is 10054', async () => {
    const self = { account_id: operator.id, reason: 'Oops, myself' };
    expect((await call(calls.disable, self)).code).toBe(ResultCode.OwnAccount);
    expect((await call(calls.revokeSessions, self)).code).toBe(ResultCode.OwnAccount);
    expect((await call(calls.enable, self)).code).toBe(ResultCode.CustomerUnchanged);
    expect((await call(calls.disable, { account_id: 2_000_000_000, reason: 'Nobody' })).code).toBe(10009);
    expect(await auditRowsOf(t, operator.id)).toEqual([]);
  });

  it('resends the activation mail to a pending account only', async () => {
    const { email } = await signUp(t);
    const pending = await t.ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const sent = new Set(t.mailbox.mails);
    const resend = await call(calls.resendActivation, {
      account_id: pending.id,
      reason: 'Lost the first mail',
    });
    expect(resend.code).toBe(0);
    await t.mailbox.waitForMail((m) => m.to.includes(email) && !sent.has(m));
    expect((await auditRowsOf(t, pending.id)).map((row) => row.action)).toEqual([
      'customer.resend_activation',
    ]);

    const active = await signedInAccount(t);
    const { id } = await accountInfo(t, active.token);
    const refused = await call(calls.resendActivation, { account_id: id, reason: 'Already active' });
    expect([refused.status, refused.code]).toEqual([409, ResultCode.AccountNotPending]);
  });

  it('signs a customer out everywhere: sessions and the developer token, the token says by support', async () => {
    const customer = await signedInAccount(t);
    const { id } = await accountInfo(t, customer.token);
    const apiToken = successData(
      await t.send(accountEndpoints.genToken, {}, { token: customer.token }),
    ).api_token;
    const revoked = await call(calls.revokeSessions, { account_id: id, reason: 'Account takeover report' });
    expect([revoked.code, revoked.data]).toEqual([0, { revoked: 1 }]);
    // The customer's browser is told who ended its session.
    expect(await me(customer.token)).toMatchObject({
      code: ResultCode.SessionRevoked,
      msg: 'Support signed this account out of every device; please sign in again or contact support',
    });
    const byToken = await me(apiToken);
    expect(byToken.code).toBe(ResultCode.ApiTokenRevoked);
    expect(byToken.msg).toContain('support');
    expect((await auditRowsOf(t, id)).map((row) => [row.action, row.after])).toEqual([
      ['customer.revoke_sessions', { has_api_token: false, sessions_ended: 1 }],
    ]);
  });

  it('changes nothing of another customer', async () => {
    const target = await customerWithSub(t, { subGb: 0.1, prefix: 'target' });
    const bystander = await customerWithSub(t, { subGb: 0.1, prefix: 'bystander' });
    const before = await snapshotOf(t, bystander.id);
    for (const action of [calls.disable, calls.enable, calls.revokeSessions, calls.makeOperator]) {
      expect((await call(action, { account_id: target.id, reason: 'Only the target' })).code).toBe(0);
    }
    expect(await snapshotOf(t, bystander.id)).toEqual(before);
    expect((await me(bystander.token)).code).toBe(0);
    expect(
      (await gatewayCall(t, internalGatewayEndpoints.credentials, { username: bystander.username })).data,
    ).toMatchObject({
      active: true,
    });
    expect(await auditRowsOf(t, bystander.id)).toEqual([]);
  });
});

import { internalGatewayEndpoints, ResultCode, subEndpoints, subExpiryOf } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  customerWithSub,
  gatewayCall,
  logIn,
  moveClockToMorningUtc,
  reportUsage,
  signedInAccount,
  trafficConserved,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger } from '../ledger/ledger.service';
import { expireDueSubaccounts } from './subaccount-expiry.service';
import { successData } from '@resiport/testkit';

const MB = 1_000_000;
const GB = 1_000_000_000;

/**
 * A sub-account's caps, last day and connection limit (docs/product.md#sub-account-limits) through the API a customer calls
 * and the internal calls a gateway makes: the caps bound every lease, the last day stops it and
 * returns its traffic once, and every bad value is refused with its code.
 */
describe('sub-account limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    moveClockToMorningUtc(t);
  });
  afterAll(() => t.close());

  const setLimits = (headers: Record<string, string>, values: Record<string, string>) =>
    t.sendUnchecked(subEndpoints.limits, values, { headers });
  const lease = (owner: { account_id: number; subaccount_id: number }, want: number, instance = 'gw-lim') =>
    gatewayCall(t, internalGatewayEndpoints.lease, { ...owner, instance_id: instance, want_bytes: want });
  const use = (owner: { account_id: number; subaccount_id: number }, bytes: number) =>
    reportUsage(t, 'gw-lim', owner, bytes);
  /** Leases until the server says nothing more is to come: what they granted together, and why. */
  async function leaseUntilStopped(owner: { account_id: number; subaccount_id: number }) {
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const { granted_bytes: granted, exhausted, stop } = successData(await lease(owner, 10 * MB));
      total += granted;
      if (exhausted) return { total, stop };
    }
    throw new Error('the leases never stopped');
  }
  const today = () => t.ctx.clock().toISOString().slice(0, 10);

  it('sets, shows and removes caps, a last day and a connection limit', async () => {
    const { subId, headers } = await customerWithSub(t, { mainGb: 2, subGb: 1, prefix: 'limshow' });
    const set = await setLimits(headers, {
      id: String(subId),
      daily_cap: '0.5',
      monthly_cap: '10',
      expires_on: '2099-12-31',
      max_connections: '25',
    });
    expect(set.code).toBe(0);
    expect(set.data).toMatchObject({
      daily_cap_bytes: GB / 2,
      monthly_cap_bytes: 10 * GB,
      expires_on: '2099-12-31',
      expired: false,
      max_connections: 25,
      used_today_bytes: 0,
    });
    // An absent field stays; an empty one is removed.
    const cleared = await setLimits(headers, { id: String(subId), daily_cap: '', max_connections: '' });
    expect(cleared.data).toMatchObject({
      daily_cap_bytes: null,
      monthly_cap_bytes: 10 * GB,
      max_connections: null,
      expires_on: '2099-12-31',
    });
    // The list shows the same.
    const list = await t.send(subEndpoints.list, { id: String(subId) }, { headers });
    expect(successData(list).list[0]).toMatchObject({ monthly_cap_bytes: 10 * GB });
  });

  it('refuses bad values with a code and a message, and changes nothing', async () => {
    const { subId, headers } = await customerWithSub(t, { mainGb: 1, subGb: 0, prefix: 'limbad' });
    const id = String(subId);
    const refused: Record<string, string>[] = [
      { daily_cap: '0' },
      { daily_cap: 'abc' },
      { monthly_cap: '-1' },
      { daily_cap: '0.0000000001' },
      { max_connections: '0' },
      { max_connections: '10001' },
      { max_connections: '1.5' },
      { max_connections: 'many' },
      { expires_on: '2026-13-01' },
      { expires_on: 'tomorrow' },
    ];
    for (const bad of refused) {
      const answer = await setLimits(headers, { id, ...bad });
      expect([bad, answer.status, answer.code]).toEqual([bad, 400, ResultCode.ValidationFailed]);
      expect(answer.msg).not.toBe('');
    }
    // Naming no limit changes nothing and answers the sub-account as it is.
    const nothing = await setLimits(headers, { id });
    expect([nothing.status, nothing.code]).toEqual([200, 0]);
    expect(nothing.data).toMatchObject({ id: subId, daily_cap_bytes: null, max_connections: null });
    const past = await setLimits(headers, { id, expires_on: '2020-01-01' });
    expect([past.status, past.code]).toEqual([400, ResultCode.SubExpiryPast]);
    expect(past.msg).toContain('last day');
    const row = await t.ctx.db
      .selectFrom('subaccounts')
      .selectAll()
      .where('id', '=', subId)
      .executeTakeFirst();
    expect(row).toMatchObject({ daily_cap_bytes: null, max_connections: null, expires_at: null });
  });

  it("another account's sub-account is not found", async () => {
    const { subId } = await customerWithSub(t, { mainGb: 1, subGb: 0, prefix: 'limown' });
    const stranger = await signedInAccount(t);
    const answer = await setLimits(authHeader(stranger.token), { id: String(subId), daily_cap: '1' });
    expect(answer.code).toBe(ResultCode.NotFound);
    // Naming no limit does not reveal it either.
    const peek = await setLimits(authHeader(stranger.token), { id: String(subId) });
    expect([peek.status, peek.code, peek.data]).toEqual([404, ResultCode.NotFound, null]);
    const row = await t.ctx.db
      .selectFrom('subaccounts')
      .selectAll()
      .where('id', '=', subId)
      .executeTakeFirst();
    expect(row?.daily_cap_bytes).toBeNull();
  });

  it('caps bound every lease; usage counts toward the UTC day and month and starts again after', async () => {
    const { id, email, subId } = await customerWithSub(t, { mainGb: 5, subGb: 2, prefix: 'limcap' });
    // Signed in again after each move of the clock (a day is past a session's soft expiry).
    let headers = authHeader(await logIn(t, email));
    const owner = { account_id: id, subaccount_id: subId };
    await setLimits(headers, { id: String(subId), daily_cap: '0.003', monthly_cap: '0.005' });

    // 3 MB a day: the leases together are exactly what the day leaves, the last one says so.
    expect(await leaseUntilStopped(owner)).toEqual({ total: 3 * MB, stop: 'cap' });

    // Used: 3 MB today. Nothing more today, though the sub-account holds 2 GB.
    expect((await use(owner, 3 * MB)).code).toBe(0);
    expect((await lease(owner, MB)).data).toMatchObject({ granted_bytes: 0, exhausted: true, stop: 'cap' });
    const shown = await t.send(subEndpoints.list, { id: String(subId) }, { headers });
    expect(successData(shown).list[0]).toMatchObject({
      used_today_bytes: 3 * MB,
      used_this_month_bytes: 3 * MB,
    });

    // The next UTC day: the daily cap starts again, the month has 2 MB left (or, on a month's last
    // day, the month starts again too).
    t.advanceClock(24 * 3600);
    const monthLeft = today().endsWith('-01') ? 3 * MB : 2 * MB;
    expect(await leaseUntilStopped(owner)).toEqual({ total: monthLeft, stop: 'cap' });

    headers = authHeader(await logIn(t, email));
    // Raising the cap voids the leases held under the old one and lets it lease again at once.
    await setLimits(headers, { id: String(subId), daily_cap: '', monthly_cap: '' });
    const open = await t.ctx.db
      .selectFrom('traffic_leases')
      .select('id')
      .where('subaccount_id', '=', subId)
      .where('status', '=', 'open')
      .execute();
    expect(open).toEqual([]);
    expect((await lease(owner, 10 * MB)).data).toMatchObject({ granted_bytes: 10 * MB, exhausted: false });
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [], brokenChains: [] });
    expect(await trafficConserved(t, id, 5n * BigInt(GB))).toBe(true);
  });

  it('after its last day: refused, its traffic back on the main account once, and a later day revives it', async () => {
    const { id, email, subId, username } = await customerWithSub(t, {
      mainGb: 3,
      subGb: 1,
      prefix: 'limexp',
    });
    const owner = { account_id: id, subaccount_id: subId };
    let headers = authHeader(await logIn(t, email));
    const lastDay = today();
    expect((await setLimits(headers, { id: String(subId), expires_on: lastDay })).code).toBe(0);
    expect((await lease(owner, MB)).data).toMatchObject({ granted_bytes: MB, revoked: false });

    // Past the end of the day (UTC).
    t.advanceClock((subExpiryOf(today()).getTime() - t.ctx.clock().getTime()) / 1000 + 1);
    expect((await lease(owner, MB)).data).toMatchObject({ granted_bytes: 0, revoked: true, stop: 'expired' });
    expect((await gatewayCall(t, internalGatewayEndpoints.credentials, { username })).data).toMatchObject({
      found: true,
      active: false,
      expired: true,
    });

    headers = authHeader(await logIn(t, email));
    const mainBefore = await mainLeft(id);
    // Two sweeps at once and one after: the traffic moves once.
    const settled = await Promise.all([expireDueSubaccounts(t.ctx), expireDueSubaccounts(t.ctx)]);
    expect(settled.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await expireDueSubaccounts(t.ctx)).toBe(0);
    expect(await mainLeft(id)).toBe(mainBefore + BigInt(GB));
    const sub = await t.send(subEndpoints.list, { id: String(subId) }, { headers });
    expect(successData(sub).list[0]).toMatchObject({
      expired: true,
      traffic_left_bytes: 0,
    });
    const recycles = await t.ctx.db
      .selectFrom('traffic_transfers')
      .select(['kind', 'amount_bytes', 'request_id'])
      .where('subaccount_id', '=', subId)
      .where('kind', '=', 'recycle')
      .execute();
    expect(recycles).toEqual([
      { kind: 'recycle', amount_bytes: BigInt(GB), request_id: `expiry.${subId}.${lastDay}` },
    ]);

    // A later last day: it may connect again (with traffic allocated again).
    const later = new Date(t.ctx.clock().getTime() + 3 * 24 * 3600_000).toISOString().slice(0, 10);
    expect((await setLimits(headers, { id: String(subId), expires_on: later })).data).toMatchObject({
      expired: false,
      expires_on: later,
    });
    expect((await gatewayCall(t, internalGatewayEndpoints.credentials, { username })).data).toMatchObject({
      active: true,
      expired: false,
    });
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [], brokenChains: [] });
    expect(await trafficConserved(t, id, 3n * BigInt(GB))).toBe(true);
  });

  it('the connection limit reaches gateways with the credentials', async () => {
    const { subId, username, headers } = await customerWithSub(t, { mainGb: 1, subGb: 0, prefix: 'limconn' });
    await setLimits(headers, { id: String(subId), max_connections: '3' });
    expect((await gatewayCall(t, internalGatewayEndpoints.credentials, { username })).data).toMatchObject({
      max_connections: 3,
    });
  });

  async function mainLeft(accountId: number): Promise<bigint> {
    const row = await t.ctx.db
      .selectFrom('accounts')
      .select('traffic_left_bytes')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return row.traffic_left_bytes;
  }
});

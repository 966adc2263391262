import {
  type Endpoint,
  type EndpointInput,
  internalGatewayEndpoints,
  subEndpoints,
} from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountInfo,
  trafficConserved,
  customerWithSub as createCustomer,
  gatewayCall,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger } from '../ledger/ledger.service';
import { LEASE_TTL_SECONDS, reclaimExpiredLeases } from './lease.service';
import { successData } from '@resiport/testkit';

const MB = 1_000_000;
const GB = 1_000_000_000;

describe('internal calls for gateway processes: leases, usage and release', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The books are not audited at close: a usage batch past its bound is reported here on purpose, to show it is recorded as a breach.
    t = await createTestApp({}, { auditAtClose: false });
  });
  afterAll(() => t.close());

  const internal = <E extends Endpoint>(endpoint: E, body: EndpointInput<E>, secret = t.ctx.internalSecret) =>
    gatewayCall(t, endpoint, body, secret);
  /** A customer with `gb` GB on the main account and one sub-account holding `subGb` of it. */
  const customerWithSub = (gb: number, subGb: number, password = 'Proxy-pass.1') =>
    createCustomer(t, { mainGb: gb, subGb, password, prefix: 'gwlease' });
  /** Σ purchased = main left + Σ sub left + open leases' unused + consumed (docs/architecture.md#ledger, with leases). */
  const conserved = (accountId: number, purchased: bigint) => trafficConserved(t, accountId, purchased);

  it('leases reserve traffic, usage consumes it once per batch, release returns the rest', async () => {
    const { id, subId, token } = await customerWithSub(1, 0.1);
    const owner = { account_id: id, subaccount_id: subId };
    const purchased = BigInt(GB);
    const lease = await internal(internalGatewayEndpoints.lease, {
      ...owner,
      instance_id: 'gw-a',
      want_bytes: 30 * MB,
    });
    expect(lease.data).toMatchObject({ granted_bytes: 30 * MB, exhausted: false, revoked: false });
    const topUp = await internal(internalGatewayEndpoints.lease, {
      ...owner,
      instance_id: 'gw-a',
      want_bytes: 100 * MB,
    });
    // At most half of what is left goes to one grant, so other processes are not starved near the end.
    expect(topUp.data).toMatchObject({ granted_bytes: 35 * MB, exhausted: false });
    expect(successData(topUp).lease_id).toBe(successData(lease).lease_id);
    expect(await conserved(id, purchased)).toBe(true);

    const batch = {
      batch_id: 'gw-a:1',
      instance_id: 'gw-a',
      entries: [{ ...owner, bytes_up: 1 * MB, bytes_down: 24 * MB, connections: 3 }],
    };
    expect((await internal(internalGatewayEndpoints.usage, batch)).data).toEqual({ applied: true });
    expect((await internal(internalGatewayEndpoints.usage, batch)).data).toEqual({ applied: false });
    const sub = async () =>
      t.ctx.db
        .selectFrom('subaccounts')
        .select(['traffic_left_bytes', 'traffic_used_bytes'])
        .where('id', '=', subId)
        .executeTakeFirstOrThrow();
    expect(await sub()).toEqual({ traffic_left_bytes: 35_000_000n, traffic_used_bytes: 25_000_000n });
    expect(await conserved(id, purchased)).toBe(true);

    // While the lease is open, its unused 40 MB still count as left in every figure the customer sees.
    const listed = await t.send(subEndpoints.list, { id: String(subId) }, { token });
    expect(successData(listed).list[0]).toMatchObject({
      allocated_bytes: 100 * MB,
      traffic_left_bytes: 75 * MB,
      traffic_used_bytes: 25 * MB,
    });
    const released = await internal(internalGatewayEndpoints.release, { ...owner, instance_id: 'gw-a' });
    expect(released.data).toEqual({ returned_bytes: 40 * MB });
    expect(await sub()).toEqual({ traffic_left_bytes: 75_000_000n, traffic_used_bytes: 25_000_000n });
    expect(await conserved(id, purchased)).toBe(true);
    expect((await accountInfo(t, token)).traffic_left_bytes).toBe(0.9 * GB);

    const hourly = await t.ctx.db
      .selectFrom('usage_hourly')
      .selectAll()
      .where('account_id', '=', id)
      .execute();
    expect(hourly).toEqual([
      expect.objectContaining({
        subaccount_id: subId,
        bytes_up: 1_000_000n,
        bytes_down: 24_000_000n,
        connections: 3n,
      }),
    ]);
  });

  it('bills bytes beyond a lease from what is left, then from the main account, never below zero (the overrun is recorded)', async () => {
    const reportBeyond = async (instance: string, mainGb: number) => {
      const customer = await customerWithSub(mainGb, 0.01);
      const owner = { account_id: customer.id, subaccount_id: customer.subId };
      await internal(internalGatewayEndpoints.lease, { ...owner, instance_id: instance, want_bytes: 4 * MB });
      // 4 MB leased, 6 MB left on the sub-account; the gateway reports 12 MB in one tick.
      await internal(internalGatewayEndpoints.usage, {
        batch_id: `${instance}:1`,
        instance_id: instance,
        entries: [{ ...owner, bytes_up: 0, bytes_down: 12 * MB, connections: 1 }],
      });
      const sub = await t.ctx.db
        .selectFrom('subaccounts')
        .select(['traffic_left_bytes', 'traffic_used_bytes', 'traffic_debt_bytes'])
        .where('id', '=', customer.subId)
        .executeTakeFirstOrThrow();
      const lease = await t.ctx.db
        .selectFrom('traffic_leases')
        .selectAll()
        .where('instance_id', '=', instance)
        .executeTakeFirstOrThrow();
      const info = await accountInfo(t, customer.token);
      expect(await conserved(customer.id, BigInt(mainGb * GB))).toBe(true);
      return { owner, sub, lease, mainLeft: info.traffic_left_bytes, token: customer.token };
    };

    // The main account has traffic: the 2 MB the sub-account did not have are paid from it, and the
    // sub-account owes them back (from its next traffic).
    const paid = await reportBeyond('gw-b', 1);
    expect(paid.sub).toEqual({
      traffic_left_bytes: 0n,
      traffic_used_bytes: 12_000_000n,
      traffic_debt_bytes: 2_000_000n,
    });
    expect(paid.lease).toMatchObject({
      granted_bytes: 4_000_000n,
      used_bytes: 4_000_000n,
      overrun_bytes: 0n,
    });
    expect(paid.mainLeft).toBe(GB - 10 * MB - 2 * MB);

    // Everything is in the sub-account: the 2 MB are an overrun, unbilled, owed by the account.
    const owed = await reportBeyond('gw-b2', 0.01);
    expect(owed.sub).toEqual({
      traffic_left_bytes: 0n,
      traffic_used_bytes: 10_000_000n,
      traffic_debt_bytes: 2_000_000n,
    });
    expect(owed.lease).toMatchObject({ used_bytes: 4_000_000n, overrun_bytes: 2_000_000n });
    expect(owed.mainLeft).toBe(0);
    // As its owner sees it: given 10 MB, used all 12 MB it moved (as today's figure says), none left.
    const listed = successData(
      await t.send(subEndpoints.list, { id: String(owed.owner.subaccount_id) }, { token: owed.token }),
    );
    expect(listed.list[0]).toMatchObject({
      allocated_bytes: 10_000_000,
      traffic_used_bytes: 12_000_000,
      used_today_bytes: 12_000_000,
      traffic_left_bytes: 0,
    });
    const account = await t.ctx.db
      .selectFrom('accounts')
      .select('traffic_debt_bytes')
      .where('id', '=', owed.owner.account_id)
      .executeTakeFirstOrThrow();
    expect(account.traffic_debt_bytes).toBe(2_000_000n);
    const dry = await internal(internalGatewayEndpoints.lease, {
      ...owed.owner,
      instance_id: 'gw-b2',
      want_bytes: MB,
    });
    expect(dry.data).toMatchObject({ granted_bytes: 0, exhausted: true, revoked: false });
  });

  it('revokes a deleted sub-account: everything it had returns at once, its open lease included', async () => {
    const { id, subId, headers, token } = await customerWithSub(1, 0.5);
    const owner = { account_id: id, subaccount_id: subId };
    const lease = await internal(internalGatewayEndpoints.lease, {
      ...owner,
      instance_id: 'gw-c',
      want_bytes: 100 * MB,
    });
    const deleted = await t.send(subEndpoints.delete, { id: String(subId) }, { headers });
    expect(deleted.data).toMatchObject({ recycled_bytes: 500 * MB, main_traffic_left_bytes: GB });
    const events = await internal(internalGatewayEndpoints.events, { after: 0 });
    expect(successData(events).events).toContainEqual(
      expect.objectContaining({
        kind: 'lease',
        subaccount_id: subId,
        lease_id: successData(lease).lease_id,
      }),
    );
    expect(
      (await internal(internalGatewayEndpoints.lease, { ...owner, instance_id: 'gw-c', want_bytes: MB }))
        .data,
    ).toMatchObject({
      granted_bytes: 0,
      revoked: true,
    });
    // What the gateway moved on its credit before the feed reached it (reported after the deletion)
    // is paid from the main account, where the sub-account's traffic went: nothing is given away.
    await internal(internalGatewayEndpoints.usage, {
      batch_id: 'gw-c:1',
      instance_id: 'gw-c',
      entries: [{ ...owner, bytes_up: 0, bytes_down: 30 * MB, connections: 1, tunnels: 2 }],
    });
    expect(
      (await internal(internalGatewayEndpoints.release, { ...owner, instance_id: 'gw-c' })).data,
    ).toEqual({
      returned_bytes: 0,
    });
    expect((await accountInfo(t, token)).traffic_left_bytes).toBe(GB - 30 * MB);
    const overruns = await t.ctx.db
      .selectFrom('traffic_overruns')
      .selectAll()
      .where('subaccount_id', '=', subId)
      .execute();
    expect(overruns).toEqual([]);
    expect(await conserved(id, BigInt(GB))).toBe(true);
  });

  it('voids the lease of a gateway that stopped reporting, once it expires', async () => {
    const { id, subId } = await customerWithSub(1, 0.2);
    const owner = { account_id: id, subaccount_id: subId };
    await internal(internalGatewayEndpoints.lease, {
      ...owner,
      instance_id: 'gw-crashed',
      want_bytes: 50 * MB,
    });
    await internal(internalGatewayEndpoints.usage, {
      batch_id: 'gw-crashed:1',
      instance_id: 'gw-crashed',
      entries: [{ ...owner, bytes_up: 0, bytes_down: 20 * MB, connections: 1 }],
    });
    expect(await reclaimExpiredLeases(t.ctx)).toBe(0);
    t.advanceClock(LEASE_TTL_SECONDS + 1);
    expect(await reclaimExpiredLeases(t.ctx)).toBeGreaterThanOrEqual(1);
    const sub = await t.ctx.db
      .selectFrom('subaccounts')
      .select(['traffic_left_bytes', 'traffic_used_bytes'])
      .where('id', '=', subId)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ traffic_left_bytes: 180_000_000n, traffic_used_bytes: 20_000_000n });
    expect(await conserved(id, BigInt(GB))).toBe(true);
  });

  it('never reserves more than there is, whatever the number of processes asking at once', async () => {
    const { id, subId } = await customerWithSub(1, 0.1);
    const owner = { account_id: id, subaccount_id: subId };
    const asks = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        internal(internalGatewayEndpoints.lease, {
          ...owner,
          instance_id: `gw-${i % 4}`,
          want_bytes: 16 * MB,
        }),
      ),
    );
    const granted = asks.reduce((sum, r) => sum + successData(r).granted_bytes, 0);
    console.info(`leases: 24 parallel asks of 16 MB from 4 processes on 100 MB → granted ${granted / MB} MB`);
    expect(granted).toBe(100 * MB);
    expect(await conserved(id, BigInt(GB))).toBe(true);
  });

  it('keeps the ledger consistent (audit)', async () => {
    const report = await auditLedger(t.ctx.db);
    expect(report.mismatches).toEqual([]);
    expect(report.brokenChains).toEqual([]);
  });
});

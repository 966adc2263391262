import { INTERNAL_SECRET_HEADER, internalGatewayEndpoints, subEndpoints } from '@resiport/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerWithSub, gatewayCall } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { apiUrl } from '@resiport/testkit';

/**
 * Decision 019: a change that voids leases answers only once the gateway processes that held them
 * have applied the void (their feed cursor passed its event), so a client cannot spend the voided
 * credit after the customer saw the traffic come back. A process that stopped reading the feed is not
 * waited for.
 */
describe('a void is answered once the gateways holding its leases applied it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  /** What the server logs when it answers without a holder having applied the void (after 3 s). */
  const gaveUpWaiting = () => t.logs.join('').includes('did not apply a lease void in time');

  const feed = (instanceId: string, after: number) =>
    t.call({
      method: 'GET',
      url: `${apiUrl(internalGatewayEndpoints.events)}?after=${after}&instance_id=${instanceId}`,
      headers: { [INTERNAL_SECRET_HEADER]: t.ctx.internalSecret },
    });
  const lastEventId = async () =>
    (
      await t.ctx.db
        .selectFrom('gateway_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0;

  /** A sub-account whose traffic a gateway process holds a lease of, that process reading the feed. */
  const leasedSub = async (instanceId: string) => {
    const customer = await customerWithSub(t, { mainGb: 1, subGb: 0.05 });
    const owner = { account_id: customer.id, subaccount_id: customer.subId };
    const lease = await gatewayCall(t, internalGatewayEndpoints.lease, {
      ...owner,
      instance_id: instanceId,
      want_bytes: 1_000_000,
    });
    expect(lease.data).toMatchObject({ granted_bytes: 1_000_000 });
    expect((await feed(instanceId, await lastEventId())).code).toBe(0);
    return customer;
  };
  const recycleAll = (customer: Awaited<ReturnType<typeof customerWithSub>>) =>
    t.send(
      subEndpoints.traffic,
      { id: String(customer.subId), action: 'recycle', traffic: '0.05', request_id: randomUUID() },
      { headers: customer.headers },
    );

  it('holds the recycle until the holding process asks for the events after the void', async () => {
    const customer = await leasedSub('gw-slow');
    const before = await lastEventId();
    let answered = false;
    const recycle = recycleAll(customer).then((r) => ((answered = true), r));
    // The void is committed (its event written), but the process has not read past it yet.
    await vi.waitFor(async () => expect(await lastEventId()).toBeGreaterThan(before), 5000);
    const voidEvent = await lastEventId();
    // Held is an absence (no answer yet), which nothing signals: short windows, well inside the
    // 3 s after which the server stops waiting, in which an answer given too early would come.
    await pause(300);
    expect(answered).toBe(false);
    // It reads the void (still behind it) …
    const page = await feed('gw-slow', before);
    expect(page.data).toMatchObject({ events: [{ id: voidEvent, kind: 'lease' }] });
    await pause(100);
    expect(answered).toBe(false);
    // … and asks for what comes after it: it has dropped that credit, the customer gets the answer.
    await feed('gw-slow', voidEvent);
    const response = await recycle;
    expect(response.code).toBe(0);
    expect(response.data).toMatchObject({ sub: { traffic_left_bytes: 0 } });
    expect(gaveUpWaiting()).toBe(false);
  });

  it('does not wait for a process that stopped reading the feed, nor for processes that held nothing', async () => {
    const customer = await leasedSub('gw-gone');
    // Other processes read the feed and are behind, but held no lease of this sub-account.
    await feed('gw-bystander', 0);
    t.advanceClock(60); // gw-gone's last feed call is long past: it is gone
    await feed('gw-bystander', 0);
    const response = await recycleAll(customer);
    expect(response.code).toBe(0);
    expect(
      await t.ctx.db
        .selectFrom('traffic_leases')
        .select('status')
        .where('instance_id', '=', 'gw-gone')
        .execute(),
    ).toEqual([{ status: 'closed' }]);
    expect(gaveUpWaiting()).toBe(false);
  });

  it('does not hold a change that voided nothing, nor a refused one', async () => {
    const customer = await leasedSub('gw-refused');
    const refused = await t.send(
      subEndpoints.traffic,
      { id: String(customer.subId), action: 'recycle', traffic: '0.06', request_id: randomUUID() },
      { headers: customer.headers },
    );
    expect(refused.code).not.toBe(0);
    const open = await t.ctx.db
      .selectFrom('traffic_leases')
      .select('status')
      .where('instance_id', '=', 'gw-refused')
      .execute();
    expect(open).toEqual([{ status: 'open' }]);
    expect(gaveUpWaiting()).toBe(false);
  });

  it('answers after a bounded wait when the holding process reads the feed but never gets past the void', async () => {
    const customer = await leasedSub('gw-stuck');
    const response = await recycleAll(customer);
    expect(response.code).toBe(0);
    expect(gaveUpWaiting()).toBe(true);
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

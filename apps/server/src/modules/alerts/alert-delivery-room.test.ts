import { alertEndpoints } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alertCalls, startReceiver } from '../../../test/alerts';
import { authHeader, fundedCustomer } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  DELIVERIES_AT_ONCE,
  deliverDueAlerts,
  deliveryRoom,
  startDueDeliveries,
} from './alert-delivery.service';

/**
 * How many alerts go out at once (decision 039): the process's sends share one room, whether the
 * job or a test alert started them, so a burst of test alerts cannot open more than its bound.
 */
describe('alert delivery: one room for the sends under way', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    t = await createTestApp({ ALERT_WEBHOOKS_ALLOW_PRIVATE: 'true' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const saveAlerts: ReturnType<typeof alertCalls>['saveAlerts'] = (...args) =>
    alertCalls(t).saveAlerts(...args);

  it('test alerts sent at once share the process’s room with the job: at most 20 sends under way', async () => {
    const customers = await Promise.all(
      Array.from({ length: DELIVERIES_AT_ONCE + 5 }, () => fundedCustomer(t, 0)),
    );
    for (const who of customers) {
      await saveAlerts(authHeader(who.token), { webhook_url: receiver.url('/hold-room') });
    }
    // Each test call starts sending what is due; the receiver holds every request, so every send stays under way.
    for (const who of customers) {
      expect((await t.send(alertEndpoints.test, {}, { token: who.token })).code).toBe(0);
    }
    // Every claim those calls started has settled; one that found the room held by another claim
    // took nothing, so the room is filled as the job's next tick would.
    await vi.waitFor(() => expect(deliveryRoom(t.ctx).claiming).toBe(0));
    await startDueDeliveries(t.ctx);
    expect(deliveryRoom(t.ctx)).toEqual({ underWay: DELIVERIES_AT_ONCE, claiming: 0 });
    const arrived = () => receiver.received.filter((r) => r.path === '/hold-room').length;
    await expect.poll(arrived).toBe(DELIVERIES_AT_ONCE);
    // Nothing more can arrive while they are held: a send starts only from a claim, none is running
    // (and no job runs in tests), and the room is full — the other 5 are still unclaimed.
    const unclaimed = await t.ctx.db
      .selectFrom('alert_deliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(
        'account_id',
        'in',
        customers.map((who) => who.id),
      )
      .where('attempts', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(unclaimed.n)).toBe(5);
    // Once the receiver answers, the room is free again and the other 5 go out.
    receiver.release();
    await vi.waitFor(() => expect(deliveryRoom(t.ctx).underWay).toBe(0));
    await deliverDueAlerts(t.ctx);
    expect(arrived()).toBe(DELIVERIES_AT_ONCE + 5);
  });
});

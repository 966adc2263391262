import { expect } from 'vitest';
import { authHeader, fundedCustomer, logIn, payOrder } from '../../../test/factories';
import { subaccountCalls, type SubData } from '../../../test/subaccounts';
import type { TestApp } from '../../../test/test-app';
import { post } from '../ledger/ledger.service';
import { commandLine } from '../audit/audit.service';
import { refundOrder } from '../orders/order-refund.service';
import { at, dayOf, GB, MB, trafficCalls } from './traffic.test-helpers';
import { internalGatewayEndpoints, subEndpoints, whitelistEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';

export const IP1 = '203.0.113.10';
/** Stored canonical; the gateway reports it in another spelling. */
export const IP2 = '2001:db8::7';

/**
 * Customer A (two sub-accounts, two whitelisted IPs) and customer B, with usage batches sent through
 * the real internal route at known times (the clock moves forward; D0 is the day after tomorrow):
 *
 * | batch | when (UTC)   | entries (up / down / connections)                                          |
 * | 1     | D0 01:05     | s1 1 MB/10 MB/2 · main via IP1 0.5 MB/5 MB/1 · B's sub 7 MB/7 MB/7         |
 * | 2     | D0 01:40     | s1 1 MB/1 MB/1 (same hour as batch 1)                                      |
 * | 3     | D0 05:00     | s2 2 MB/20 MB/3 · main via IP2 1 MB/2 MB/1 · main, no address 0/1 000 001 B/1 |
 * | 4 ×2  | D0+1 10:10   | s1 3 MB/30 MB/4 · main via IP1 1 MB/1 MB/2 — sent twice, applied once      |
 * | 5     | D0+15 12:00  | s2 5 MB/50 MB/5                                                            |
 * | 6     | D0+20 09:00  | s1 1 MB/2 MB/1 · main via IP1 0/3 MB/1                                     |
 *
 * Afterwards the clock stands at D0+20 12:00 ("today").
 */
export async function seedUsage(t: TestApp) {
  const subs = subaccountCalls(() => t);
  const { usage, advanceTo } = trafficCalls(() => t);
  const a = await subs.customer(10);
  const b = await subs.customer(1);
  const s1 = successData(await subs.add(a.headers, { username: subs.username('alpha'), traffic: '1' }));
  const s2 = successData(await subs.add(a.headers, { username: subs.username('bravo'), traffic: '1' }));
  const bSub = successData(await subs.add(b.headers, { username: subs.username('other'), traffic: '0.5' }));
  for (const ip of [IP1, IP2]) {
    expect((await t.send(whitelistEndpoints.add, { ip }, { headers: a.headers })).code).toBe(0);
  }
  const sub = (s: SubData, up: number, down: number, connections: number) => ({
    account_id: a.id,
    subaccount_id: s.id,
    bytes_up: up,
    bytes_down: down,
    connections,
  });
  const main = (ip: string | undefined, up: number, down: number, connections: number) => ({
    account_id: a.id,
    subaccount_id: null,
    ...(ip === undefined ? {} : { source_ip: ip }),
    bytes_up: up,
    bytes_down: down,
    connections,
  });
  const M = 1_000_000;
  const d0 = dayOf(t.ctx.clock(), 2);
  const send = async (when: Date, entries: Parameters<typeof usage>[0], batchId?: string) => {
    advanceTo(when);
    return usage(entries, batchId);
  };
  const applied = [
    await send(at(d0, 1, 5), [
      sub(s1, M, 10 * M, 2),
      main(IP1, 0.5 * M, 5 * M, 1),
      { account_id: b.id, subaccount_id: bSub.id, bytes_up: 7 * M, bytes_down: 7 * M, connections: 7 },
    ]),
    await send(at(d0, 1, 40), [sub(s1, M, M, 1)]),
    await send(at(d0, 5, 0), [
      sub(s2, 2 * M, 20 * M, 3),
      main('2001:DB8:0:0::7', M, 2 * M, 1),
      main(undefined, 0, 1_000_001, 1),
    ]),
    await send(at(dayOf(d0, 1), 10), [sub(s1, 3 * M, 30 * M, 4), main(IP1, M, M, 2)], 'gw-traffic:repeat'),
    await usage([sub(s1, 3 * M, 30 * M, 4), main(IP1, M, M, 2)], 'gw-traffic:repeat'),
    await send(at(dayOf(d0, 15), 12, 0), [sub(s2, 5 * M, 50 * M, 5)]),
    await send(at(dayOf(d0, 20), 9, 0), [sub(s1, M, 2 * M, 1), main(IP1, 0, 3 * M, 1)]),
  ].map((r) => successData(r).applied);
  expect(applied).toEqual([true, true, true, true, false, true, true]);
  const lastFlush = at(dayOf(d0, 20), 9, 0);
  advanceTo(at(dayOf(d0, 20), 12, 0));
  // Three weeks on, the sessions of the sign-up day have expired: sign in again.
  a.headers = authHeader(await logIn(t, a.email, a.password));
  b.headers = authHeader(await logIn(t, b.email, b.password));
  return { a, b, s1, s2, bSub, d0, today: dayOf(d0, 20), lastFlush };
}

export type Seeded = Awaited<ReturnType<typeof seedUsage>>;

/**
 * One customer's traffic changes of every kind, in this order: the trial (100 MB), 2 GB bought from the
 * balance, a 1 GB adjustment, sub-account 1 created with 0.5 GB, 0.2 GB recycled from it, sub-account 2
 * created with 0.1 GB and deleted, a gateway lease of 10 MB on the main account (4 MB used, the rest
 * returned), 1 MB of usage on sub-account 1 beyond any lease, and the 2 GB order refunded.
 */
export async function seedChanges(t: TestApp) {
  const subs = subaccountCalls(() => t);
  const { usage, internal } = trafficCalls(() => t);
  const account = await fundedCustomer(t, 5000);
  const headers = authHeader(account.token);
  expect((await payOrder(t, account.token, { trial: 'true' }, '198.51.100.77')).code).toBe(0);
  const paid = await payOrder(t, account.token, { quantity: '2', way: 'balance' });
  expect(paid.code).toBe(0);
  const orderId = successData(paid).order.id;
  await t.ctx.db
    .transaction()
    .execute((trx) =>
      post(trx, { accountId: account.id, asset: 'traffic', kind: 'adjustment', amount: BigInt(GB) }),
    );
  const sub1 = successData(await subs.add(headers, { username: subs.username('first'), traffic: '0.5' }));
  const recycle = { id: String(sub1.id), action: 'recycle', traffic: '0.2', request_id: 'changelog-1' };
  expect((await subs.move(headers, recycle)).code).toBe(0);
  const sub2 = successData(await subs.add(headers, { username: subs.username('second'), traffic: '0.1' }));
  expect((await t.send(subEndpoints.delete, { id: String(sub2.id) }, { headers })).code).toBe(0);
  const main = { account_id: account.id, subaccount_id: null, instance_id: 'gw-log' };
  await internal(internalGatewayEndpoints.lease, { ...main, want_bytes: 10 * MB });
  await usage([
    { account_id: account.id, subaccount_id: null, bytes_up: 0, bytes_down: 4 * MB, connections: 1 },
  ]);
  await internal(internalGatewayEndpoints.release, main);
  await usage([
    { account_id: account.id, subaccount_id: sub1.id, bytes_up: 0, bytes_down: MB, connections: 1 },
  ]);
  await refundOrder(t.ctx.db, {
    orderId,
    actor: commandLine,
    reason: null,
    idempotencyKey: null,
    at: new Date(),
  });
  return { account, headers, sub1, sub2, trialBytes: 100 * MB };
}

export type SeededChanges = Awaited<ReturnType<typeof seedChanges>>;

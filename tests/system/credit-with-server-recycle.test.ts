import { bytesToGbText } from '@resiport/contract';
import { basic, closed, httpConnect, waitFor } from '@resiport/gateway/testing';
import { successData } from '@resiport/testkit';
import { describe, expect, it } from 'vitest';
import {
  CHUNK,
  expectBooksBalanced,
  expectOverrunsWithinBound,
  MB,
  moveTraffic,
  pausedDownload,
  useCreditServer,
} from './support/credit-server-harness';
import { customerWithSub } from './support/customers';

/**
 * Decision 015, a recycle while a tunnel is open: what the portal shows as left (reservations
 * included) can be taken back at once — the sub-account's leases are voided in the same
 * transaction and the gateway drops that credit: with nothing left its tunnels close, with
 * something left they renew from it.
 */
describe('credit with the real server: recycling traffic while a tunnel is open', () => {
  const { env, views } = useCreditServer();

  it('recycling everything shown as left: main gets it all at once, the lease is gone, the tunnel closes', async () => {
    const { id, username, password, subId, headers } = await customerWithSub(env.t, 20);
    const gateway = await env.gateway();
    const usedNow = async () => Number((await views.subRow(subId)).traffic_used_bytes);
    const { socket, used } = await pausedDownload(
      gateway.httpPort,
      env.blaster.port,
      { username, password },
      usedNow,
    );
    const reportedBefore = await views.reported(id, subId);
    const leasesBefore = await views.openLeases(id, subId);
    const unused = leasesBefore.reduce((n, l) => n + Number(l.granted_bytes - l.used_bytes), 0);
    expect(unused).toBeGreaterThan(0); // a reservation the gateway could still spend
    const { sub: shown, mainLeft } = await views.portalSub(headers, subId);
    expect(shown.traffic_left_bytes).toBe(20 * MB - used);

    const cutsBefore = gateway.metrics.cuts;
    const recycled = await moveTraffic(
      env.t,
      headers,
      subId,
      'recycle',
      bytesToGbText(shown.traffic_left_bytes),
    );
    expect(recycled.code).toBe(0);
    const data = successData(recycled);
    expect(data.sub.traffic_left_bytes).toBe(0);
    expect(data.sub.allocated_bytes).toBe(used);
    expect(data.main_traffic_left_bytes).toBe(mainLeft + shown.traffic_left_bytes);
    expect(await views.openLeases(id, subId)).toEqual([]);

    // The client still does not read: the gateway closes the tunnel on the change feed alone.
    await waitFor(() => gateway.metrics.cuts > cutsBefore, 5000, 'the owner cut');
    await waitFor(async () => (await gateway.tunnelsOpen()) === 0, 5000, 'the tunnel closed');
    await closed(socket, 5000);
    await gateway.close();
    const afterVoid = (await views.reported(id, subId)) - reportedBefore;
    const overrun = expectOverrunsWithinBound(await views.overruns(id, subId));
    const row = await views.subRow(subId);
    console.info(
      `recycle: lease voided with ${unused} bytes unused; ${afterVoid} bytes reported after the recycle ` +
        `(overrun ${overrun}, debt ${row.traffic_debt_bytes})`,
    );
    expect(afterVoid).toBeLessThanOrEqual(CHUNK);
    expect(Number(row.traffic_debt_bytes)).toBe(overrun);
    expect(Number(row.traffic_used_bytes) + overrun).toBe(used + afterVoid);
    const refused = await httpConnect(
      (await env.gateway()).httpPort,
      `127.0.0.1:${env.blaster.port}`,
      basic(username, password),
    );
    expect([refused.status, refused.header('X-Resiport-Reason')]).toEqual([402, 'no_traffic']);
    await expectBooksBalanced(env.t, id);
  });

  it('recycling one byte more than is shown left is refused and voids nothing: the lease and the tunnel stay', async () => {
    const { id, username, password, subId, headers } = await customerWithSub(env.t, 20);
    const gateway = await env.gateway();
    const usedNow = async () => Number((await views.subRow(subId)).traffic_used_bytes);
    const { socket } = await pausedDownload(
      gateway.httpPort,
      env.blaster.port,
      { username, password },
      usedNow,
    );
    const leasesBefore = await views.openLeases(id, subId);
    const { sub: shown, mainLeft } = await views.portalSub(headers, subId);
    const refused = await moveTraffic(
      env.t,
      headers,
      subId,
      'recycle',
      bytesToGbText(shown.traffic_left_bytes + 1),
    );
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toContain(bytesToGbText(shown.traffic_left_bytes));
    // The whole move rolled back, its void with it: same lease, same figures, the tunnel still there.
    expect(await views.openLeases(id, subId)).toEqual(leasesBefore);
    expect(await views.portalSub(headers, subId)).toEqual({ sub: shown, mainLeft });
    // The gateway has applied whatever the refused move left in the change feed (nothing, if it rolled back).
    await waitFor(() => views.feedCaughtUp(gateway.instanceId), 5000, 'the gateway caught up with the feed');
    expect(await gateway.tunnelsOpen()).toBe(1);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
    await gateway.close();
    await expectBooksBalanced(env.t, id);
  });

  it('recycling half of what is shown left while a client downloads: the tunnel renews and keeps going', async () => {
    const { id, username, password, subId, headers } = await customerWithSub(env.t, 20);
    const gateway = await env.gateway();
    const tunnel = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${env.firehose.port}`,
      basic(username, password),
    );
    expect(tunnel.status).toBe(200);
    let open = true;
    tunnel.socket.once('close', () => (open = false));
    tunnel.socket.resume();
    await waitFor(
      async () => Number((await views.subRow(subId)).traffic_used_bytes) > 500_000,
      15_000,
      'usage',
    );
    const leasesBefore = await views.openLeases(id, subId);
    expect(leasesBefore).toHaveLength(1);
    const { sub: shown } = await views.portalSub(headers, subId);
    const half = Math.floor(shown.traffic_left_bytes / 2);
    const recycled = await moveTraffic(env.t, headers, subId, 'recycle', bytesToGbText(half));
    expect(recycled.code).toBe(0);
    const data = successData(recycled);
    expect(data.sub.allocated_bytes).toBe(20 * MB - half);
    expect(data.sub.traffic_left_bytes).toBe(data.sub.allocated_bytes - data.sub.traffic_used_bytes);
    const voided = await env.t.ctx.db
      .selectFrom('traffic_leases')
      .selectAll()
      .where('id', '=', leasesBefore[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(voided.status).toBe('closed');

    // The download goes on from what is left: another megabyte through the same tunnel, on a new lease.
    const readAtRecycle = tunnel.socket.bytesRead;
    await waitFor(() => tunnel.socket.bytesRead > readAtRecycle + MB, 15_000, 'more bytes after the recycle');
    expect(open).toBe(true);
    const renewed = await views.openLeases(id, subId);
    expect(renewed.length).toBe(1);
    expect(renewed[0]?.id).toBeGreaterThan(voided.id);
    tunnel.socket.destroy();
    await gateway.close();

    const { sub: after } = await views.portalSub(headers, subId);
    const overrun = expectOverrunsWithinBound(await views.overruns(id, subId));
    console.info(
      `recycle: half (${half} bytes) taken back mid-download; the tunnel carried ` +
        `${tunnel.socket.bytesRead - readAtRecycle} more bytes; used ${after.traffic_used_bytes}, ` +
        `left ${after.traffic_left_bytes}, overrun ${overrun}`,
    );
    expect(after.allocated_bytes).toBe(20 * MB - half);
    expect(after.traffic_left_bytes).toBe(after.allocated_bytes - after.traffic_used_bytes);
    expect(after.traffic_used_bytes).toBe(await views.reported(id, subId));
    expect(overrun).toBe(0);
    await expectBooksBalanced(env.t, id);
  });
});

import { subEndpoints, subExpiryOf } from '@resiport/contract';
import type { Gateway } from '@resiport/gateway';
import { basic, closed, httpConnect, socksConnect, TRANSFER_PATHS, waitFor } from '@resiport/gateway/testing';
import { expireDueSubaccounts } from '@resiport/server/testing';
import { describe, expect, it } from 'vitest';
import {
  CHUNK,
  expectBooksBalanced,
  expectOverrunsWithinBound,
  MB,
  useCreditServer,
} from './support/credit-server-harness';
import { customerWithSub } from './support/customers';
import { serverApi } from './support/server-api';

/**
 * A sub-account's own limits (decision 036) on real sockets: the real server, a real
 * gateway process, downloads at loopback speed. The caps stop it within one read buffer per tunnel,
 * the connection limit refuses the one too many, and the end of its last day closes what is open.
 */
/** A SOCKS5 CONNECT with a password: its authentication status and reply code (the socket closed after). */
async function socksAnswer(gateway: Gateway, port: number, user: string, pass: string) {
  const socks = await socksConnect(gateway.socksPort, { host: '127.0.0.1', port }, { user, pass });
  socks.socket.destroy();
  return [socks.authStatus, socks.rep];
}

describe('sub-account limits through the gateway', () => {
  const { env, views } = useCreditServer();
  const setLimits = (headers: Record<string, string>, id: number, limits: Record<string, string>) =>
    serverApi(env.t).call(subEndpoints.limits, { id, ...limits }, headers);

  const caps = [
    { kind: 'daily', field: 'daily_cap', used: 'used_today_bytes', parallels: [1, 8] },
    { kind: 'monthly', field: 'monthly_cap', used: 'used_this_month_bytes', parallels: [8] },
  ] as const;
  for (const cap of caps) {
    for (const path of TRANSFER_PATHS) {
      for (const parallel of cap.parallels) {
        it(`${path}: a 1 MB ${cap.kind} cap on a 20 MB sub-account, ${parallel} parallel transfers: stops within ${CHUNK / 1024} KiB per transfer of the cap, refused as cap_reached`, async () => {
          const { id, username, password, subId, headers } = await customerWithSub(env.t, 20);
          expect((await setLimits(headers, subId, { [cap.field]: '0.001' })).code).toBe(0);
          const gateway = await env.gateway();
          const sunkBefore = env.target.sunk.bytes;
          const { opened, widest, received } = await env.drainOn(gateway, path, username, password, parallel);
          expect(opened).toBeGreaterThan(0);
          // Plain HTTP stops a few kB short of the cap (read ahead from the origin, never delivered,
          // not billed): a tunnel takes the rest before the refusal is checked.
          const rest = path.startsWith('http')
            ? await env.drainOn(gateway, 'connect', username, password, 1)
            : { widest: 0, received: 0 };

          // The next connection is refused, with the cap as the reason, on both ports.
          const refused = await httpConnect(
            gateway.httpPort,
            `127.0.0.1:${env.blaster.port}`,
            basic(username, password),
          );
          expect([refused.status, refused.header('X-Resiport-Reason')]).toEqual([429, 'cap_reached']);
          refused.socket.destroy();
          expect(await socksAnswer(gateway, env.blaster.port, username, password)).toEqual([0, 0x02]);
          await gateway.close(); // the last bytes reported, the lease returned

          const reported = await views.reported(id, subId);
          const uploaded = env.target.sunk.bytes - sunkBefore;
          expect((path === 'http-post' ? uploaded : received) + rest.received).toBeLessThanOrEqual(reported);
          expect(reported).toBeGreaterThanOrEqual(MB);
          expect(reported).toBeLessThanOrEqual(MB + (widest + rest.widest) * CHUNK);
          // The cap stopped it, not its traffic: the rest is still its own, nothing written off.
          const { sub } = await views.portalSub(headers, subId);
          expect(sub).toMatchObject({ [cap.used]: reported, traffic_left_bytes: 20 * MB - reported });
          expect(expectOverrunsWithinBound(await views.overruns(id, subId))).toBe(0);
          await expectBooksBalanced(env.t, id);
        });
      }
    }
  }

  it('a limit of 2 connections: 2 of 10 at once get through, the next is refused on either port until one closes', async () => {
    const { username, password, subId, headers } = await customerWithSub(env.t, 20);
    expect((await setLimits(headers, subId, { max_connections: '2' })).code).toBe(0);
    const gateway = await env.gateway();
    const target = `127.0.0.1:${env.target.port}`;
    // Ten at once: exactly two get through (the slots are taken without a pause in between).
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => httpConnect(gateway.httpPort, target, basic(username, password))),
    );
    const open = burst.filter((o) => o.status === 200);
    expect(open).toHaveLength(2);
    for (const o of burst) if (o.status !== 200) o.socket.destroy();
    const third = await httpConnect(gateway.httpPort, target, basic(username, password));
    expect([third.status, third.header('X-Resiport-Reason')]).toEqual([429, 'too_many_connections']);
    third.socket.destroy();
    expect(await socksAnswer(gateway, env.target.port, username, password)).toEqual([0, 0x02]);

    open[0]?.socket.destroy();
    await waitFor(
      async () => (await httpConnect(gateway.httpPort, target, basic(username, password))).status === 200,
      5000,
      'a slot after one closed',
    );
    for (const o of open) o.socket.destroy();
  });

  it('the end of its last day closes its open tunnel, refuses it as expired, and returns its traffic', async () => {
    const { id, username, password, subId, headers } = await customerWithSub(env.t, 20);
    const today = env.t.ctx.clock().toISOString().slice(0, 10);
    expect((await setLimits(headers, subId, { expires_on: today })).code).toBe(0);
    const gateway = await env.gateway();
    const target = `127.0.0.1:${env.target.port}`;
    const tunnel = await httpConnect(gateway.httpPort, target, basic(username, password));
    expect(tunnel.status).toBe(200);

    env.t.advanceClock((subExpiryOf(today).getTime() - env.t.ctx.clock().getTime()) / 1000 + 1);
    expect(await expireDueSubaccounts(env.t.ctx)).toBeGreaterThanOrEqual(1);
    // The change feed reaches the gateway: the tunnel closes, a new one is refused.
    await closed(tunnel.socket, 10_000);
    const refused = await httpConnect(gateway.httpPort, target, basic(username, password));
    expect([refused.status, refused.header('X-Resiport-Reason')]).toEqual([403, 'expired']);
    refused.socket.destroy();
    expect(await socksAnswer(gateway, env.target.port, username, password)).toEqual([0, 0x02]);
    await gateway.close();
    const row = await views.subRow(subId);
    expect(row.traffic_left_bytes).toBe(0n);
    expect(row.expired_at).not.toBeNull();
    await expectBooksBalanced(env.t, id);
  });
});

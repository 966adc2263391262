import type { Socket } from 'node:net';
import { subEndpoints } from '@resiport/contract';
import { basic, httpConnect, waitFor } from '@resiport/gateway/testing';
import { describe, expect, it } from 'vitest';
import { useCreditServer } from './support/credit-server-harness';
import { customerWithSub } from './support/customers';
import { serverApi } from './support/server-api';

/**
 * Changing a sub-account's connection limit while it downloads (the real server, a real gateway
 * process): raising it closes nothing; lowering it closes only the newest tunnels beyond it.
 */
describe('connection limits changed while connected', () => {
  const { env } = useCreditServer();
  const setLimits = (headers: Record<string, string>, id: number, limits: Record<string, string>) =>
    serverApi(env.t).call(subEndpoints.limits, { id, ...limits }, headers);

  it('raising the limit leaves 4 downloads running; lowering it to 2, then 1, closes the newest first', async () => {
    const { username, password, subId, headers } = await customerWithSub(env.t, 20);
    const gateway = await env.gateway();
    const tunnels: Socket[] = [];
    // One after the other, so their order is the order they opened in.
    for (let i = 0; i < 4; i++) {
      const t = await httpConnect(
        gateway.httpPort,
        `127.0.0.1:${env.firehose.port}`,
        basic(username, password),
      );
      expect(t.status).toBe(200);
      t.socket.resume();
      tunnels.push(t.socket);
    }
    const open = () => tunnels.map((s) => !s.destroyed && !s.closed);

    expect((await setLimits(headers, subId, { max_connections: '50' })).code).toBe(0);
    expect((await setLimits(headers, subId, { max_connections: '2' })).code).toBe(0);
    // The two changes reach the gateway in order: had the raise closed anything, nothing would be left.
    await waitFor(async () => (await gateway.tunnelsOpen()) === 2, 5000, 'the limit of 2 applied');
    await waitFor(() => open().filter(Boolean).length === 2, 5000, 'the clients see the close');
    expect(open()).toEqual([true, true, false, false]);
    // The two left still download.
    const before = tunnels.map((s) => s.bytesRead);
    await waitFor(
      () => tunnels.slice(0, 2).every((s, i) => s.bytesRead > (before[i] ?? 0)),
      5000,
      'more bytes',
    );

    expect((await setLimits(headers, subId, { max_connections: '1' })).code).toBe(0);
    await waitFor(() => open().filter(Boolean).length === 1, 5000, 'the limit of 1 applied');
    expect(open()).toEqual([true, false, false, false]);
    // Removed altogether (empty): the one left goes on, and new ones get in again.
    expect((await setLimits(headers, subId, { max_connections: '' })).code).toBe(0);
    const connect = () =>
      httpConnect(gateway.httpPort, `127.0.0.1:${env.firehose.port}`, basic(username, password));
    // The removal reaches the gateway through its change feed, not with the answer: until then the
    // limit of 1 still refuses (429). It gets in once the change has arrived, within the feed's bound.
    let another = await connect();
    const deadline = Date.now() + 5000;
    while (another.status !== 200 && Date.now() < deadline) {
      expect(another.status).toBe(429);
      another.socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      another = await connect();
    }
    const more = await connect();
    expect([another.status, more.status]).toEqual([200, 200]);
    expect(open()).toEqual([true, false, false, false]);
    for (const s of [...tunnels, another.socket, more.socket]) s.destroy();
  });
});

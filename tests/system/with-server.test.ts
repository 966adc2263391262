import {
  CREDIT_OVERDRAW_BYTES_PER_TUNNEL,
  dynamicEndpoints,
  subEndpoints,
  type EndpointInput,
} from '@resiport/contract';
import type { Gateway } from '@resiport/gateway';
import {
  basic,
  closed,
  closeServer,
  httpConnect,
  readAll,
  socksConnect,
  startFirehose,
  startHttpTarget,
  waitFor,
} from '@resiport/gateway/testing';
import { accountInfo, auditLedger, trafficConserved, type TestApp } from '@resiport/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub as createCustomer } from './support/customers';
import { startGatewayFor, startProxyTestServer } from './support/gateways';
import { serverApi } from './support/server-api';

const MB = 1_000_000;
const GB = 1_000_000_000;

/**
 * The real thing end to end: the API server (real SQL, its internal calls, leases, usage) and a real
 * gateway process object on real sockets, a customer's proxy line carrying bytes to a local target.
 */
describe('gateway + server: generated credentials carry traffic, metered to the byte, stopped at zero', () => {
  let t: TestApp;
  let gateway: Gateway;
  let target: Awaited<ReturnType<typeof startHttpTarget>>;
  let firehose: Awaited<ReturnType<typeof startFirehose>>;
  let ipEcho: Awaited<ReturnType<typeof startProxyTestServer>>['ipEcho'];
  beforeAll(async () => {
    ({ t, ipEcho } = await startProxyTestServer());
    target = await startHttpTarget();
    firehose = await startFirehose();
    gateway = await fastGateway('it-a');
    t.useGatewayPorts(gateway);
  });
  afterAll(async () => {
    await gateway.close();
    await closeServer(ipEcho);
    await closeServer(target);
    await closeServer(firehose);
    await t.close();
  });

  /** Usage flushed and the change feed polled every 200 ms. */
  const fastGateway = (instanceId: string, env: Record<string, string> = {}) =>
    startGatewayFor(t, instanceId, { GATEWAY_FLUSH_MS: '200', GATEWAY_EVENTS_POLL_MS: '200', ...env });

  const customerWithSub = (subMb: number) => createCustomer(t, subMb);
  const sub = (subId: number) =>
    t.ctx.db
      .selectFrom('subaccounts')
      .select(['traffic_left_bytes', 'traffic_used_bytes'])
      .where('id', '=', subId)
      .executeTakeFirstOrThrow();
  const conserved = (accountId: number) => trafficConserved(t, accountId, BigInt(GB));

  it('bills exactly the bytes the client moved through a CONNECT tunnel, and returns the unused lease', async () => {
    const { id, username, subId, token } = await customerWithSub(50);
    const local = await fastGateway('it-exact');
    const tunnel = await httpConnect(
      local.httpPort,
      `127.0.0.1:${target.port}`,
      basic(`${username}-session-exact1`, 'Line-pass.1'),
    );
    expect(tunnel.status).toBe(200);
    tunnel.socket.write(`GET /bytes/${3 * MB} HTTP/1.1\r\nHost: target\r\nConnection: close\r\n\r\n`);
    const body = await readAll(tunnel.socket, 10_000);
    expect(body.length).toBeGreaterThan(3 * MB);
    const moved = tunnel.socket.bytesRead + tunnel.socket.bytesWritten;
    await local.close(); // final meter reading, flush, lease returned
    expect(await sub(subId)).toEqual({
      traffic_left_bytes: BigInt(50 * MB - moved),
      traffic_used_bytes: BigInt(moved),
    });
    expect(await conserved(id)).toBe(true);
    // The account's "traffic used" counts its sub-accounts' usage.
    expect((await accountInfo(t, token)).traffic_used_bytes).toBe(moved);
    const hourly = await t.ctx.db
      .selectFrom('usage_hourly')
      .selectAll()
      .where('subaccount_id', '=', subId)
      .execute();
    expect(hourly.reduce((n, h) => n + h.bytes_up + h.bytes_down, 0n)).toBe(BigInt(moved));
  });

  it('carries SOCKS5 too, and refuses a wrong password', async () => {
    const { username } = await customerWithSub(10);
    const ok = await socksConnect(
      gateway.socksPort,
      { host: '127.0.0.1', port: target.port },
      { user: username, pass: 'Line-pass.1' },
    );
    expect(ok.rep).toBe(0);
    ok.socket.write('GET /bytes/1234 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n');
    expect((await readAll(ok.socket)).toString()).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\n\r\nx{1234}$/);
    const wrong = await httpConnect(gateway.httpPort, `127.0.0.1:${target.port}`, basic(username, 'nope'));
    expect(wrong.status).toBe(407);
    const socksWrong = await socksConnect(
      gateway.socksPort,
      { host: '127.0.0.1', port: 80 },
      { user: username, pass: 'nope' },
    );
    expect(socksWrong.authStatus).toBe(1);
  });

  it('stops at zero: a 4 MB sub-account downloading from a firehose is cut within a read buffer, new tunnels refused, every byte billed', async () => {
    const { id, username, subId, token } = await customerWithSub(4);
    // Its own gateway: closing it reports the cut tunnel's last reading, so the figures are final.
    const local = await fastGateway('it-zero');
    const tunnel = await httpConnect(
      local.httpPort,
      `127.0.0.1:${firehose.port}`,
      basic(username, 'Line-pass.1'),
    );
    expect(tunnel.status).toBe(200);
    const cutAfter = await closed(tunnel.socket, 20_000);
    const moved = tunnel.socket.bytesRead + tunnel.socket.bytesWritten;
    await waitFor(async () => (await sub(subId)).traffic_used_bytes > 0n, 5000, 'usage');
    const refused = await httpConnect(
      local.httpPort,
      `127.0.0.1:${target.port}`,
      basic(username, 'Line-pass.1'),
    );
    console.info(
      `cut: tunnel closed after ${cutAfter} ms, client moved ${moved} bytes, refused with ${refused.status} ${refused.header('x-resiport-reason') ?? ''}`,
    );
    expect(refused.status).toBe(402);
    await local.close(); // the closing tunnel's last reading, flushed and acknowledged
    const { traffic_left_bytes: left, traffic_used_bytes: used } = await sub(subId);
    // Every byte the client moved is billed.
    expect(used).toBeGreaterThanOrEqual(BigInt(moved));
    expect(left).toBe(0n);
    // Delivered past zero: at most one read buffer (decision 015), and paid from the main account.
    expect(Number(used) - 4 * MB).toBeLessThanOrEqual(CREDIT_OVERDRAW_BYTES_PER_TUNNEL);
    expect((await accountInfo(t, token)).traffic_left_bytes).toBe(GB - Number(used));
    expect(await conserved(id)).toBe(true);
  });

  it('closes the open tunnel of a sub-account deleted in the portal within the bound', async () => {
    const { username, subId, headers } = await customerWithSub(20);
    const tunnel = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${firehose.port}`,
      basic(username, 'Line-pass.1'),
    );
    expect(tunnel.status).toBe(200);
    const deletedAt = Date.now();
    expect((await serverApi(t).call(subEndpoints.delete, { id: subId }, headers)).code).toBe(0);
    await closed(tunnel.socket, 5000);
    const bound = Date.now() - deletedAt;
    console.info(`deleted sub-account's tunnel closed ${bound} ms after the deletion`);
    expect(bound).toBeLessThan(2500);
    const again = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${target.port}`,
      basic(username, 'Line-pass.1'),
    );
    expect(again.status).toBe(407);
  });

  it("the portal's test button sends a line through the gateway and reports the exit, or why it failed", async () => {
    const { username, headers } = await customerWithSub(5);
    const test = (values: EndpointInput<typeof dynamicEndpoints.test>) =>
      serverApi(t).call(dynamicEndpoints.test, values, headers);
    for (const protocol of ['http', 'socks5'] as const) {
      const passed = await test({ protocol, username: `${username}-session-t1`, password: 'Line-pass.1' });
      expect(passed.data).toMatchObject({ ok: true, exit_ip: '127.0.0.1', country: 'ZZ', error: null });
    }
    // The default pool's one untagged exit serves no location: refused, never carried elsewhere.
    const located = await test({
      protocol: 'http',
      username: `${username}-country-us`,
      password: 'Line-pass.1',
    });
    expect(located.data).toMatchObject({ ok: false, error: 'no_exit' });
    expect((await test({ protocol: 'http', username, password: 'wrong' })).data).toMatchObject({
      ok: false,
      error: 'auth_failed',
    });
    expect((await test({ protocol: 'socks5', username, password: 'wrong' })).data).toMatchObject({
      ok: false,
    });
    const ftp = { protocol: 'ftp', username, password: 'x' };
    expect((await serverApi(t).callUnchecked(dynamicEndpoints.test, ftp, headers)).code).toBe(10001);
    const empty = await customerWithSub(0);
    const dry = await serverApi(t).call(
      dynamicEndpoints.test,
      { protocol: 'http', username: empty.username, password: 'Line-pass.1' },
      empty.headers,
    );
    expect(dry.data).toMatchObject({ ok: false, error: 'no_traffic' });
  });

  it('leaves a ledger whose balances all recompute (audit)', async () => {
    await waitFor(
      async () =>
        Number(
          (
            await t.ctx.db
              .selectFrom('usage_batches')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ) > 0,
    );
    const report = await auditLedger(t.ctx.db);
    expect(report.mismatches).toEqual([]);
    expect(report.brokenChains).toEqual([]);
  });
});

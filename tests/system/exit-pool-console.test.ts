import { randomBytes } from 'node:crypto';
import { adminExitsEndpoints, type EndpointInput } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import {
  basic,
  closeServer,
  httpConnect,
  roundTrip,
  startEchoServer,
  startGatewayProcess,
  startUpstreamHttpProxy,
  waitFor,
  type GatewayProcess,
} from '@resiport/gateway/testing';
import { createTestApp, signedInOperator, trafficConserved, type TestApp } from '@resiport/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub as createCustomer } from './support/customers';

const GB = 1_000_000_000;
const PASSWORD = 'Line-pass.1';

/**
 * The console's exit pool reaches a running gateway (decision 030): a real gateway process (its own
 * OS process, real sockets) against the real server. An operator adds an upstream (a local HTTP
 * proxy with credentials) for a country: a new line for that country uses it, without restarting
 * the gateway; the console then shows its health and the bytes it carried; disabled, it is used no
 * more. Billing is untouched: the customer's traffic still adds up.
 */
describe('exits from the console, on a running gateway process', () => {
  let t: TestApp;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let upstream: Awaited<ReturnType<typeof startUpstreamHttpProxy>>;
  let gateway: GatewayProcess;
  let operator: string;
  let customer: { id: number; username: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    echo = await startEchoServer();
    upstream = await startUpstreamHttpProxy('provider-de', { user: 'acct', pass: 'upstream-secret' });
    gateway = await startGatewayProcess({
      internalSecret: t.ctx.internalSecret,
      serverUrl: t.config.publicUrl,
      instanceId: `exits-${randomBytes(3).toString('hex')}`,
      env: { GATEWAY_EXIT_HEALTH_MS: '200' },
    });
    operator = (await signedInOperator(t)).token;
    customer = await createCustomer(t, 200, PASSWORD);
  });
  afterAll(async () => {
    await gateway.stop();
    await Promise.all([echo, upstream].map((s) => closeServer(s)));
    await t.close();
  });

  /** A console call as the operator makes it: its `data` checked against and typed by the contract. */
  const console_ = async <C extends 'create' | 'disable'>(
    call: C,
    body: EndpointInput<(typeof adminExitsEndpoints)[C]>,
  ) => successData(await t.send(adminExitsEndpoints[call], body, { token: operator }));
  const listed = async (id: string) =>
    successData(await t.send(adminExitsEndpoints.list, { q: id }, { token: operator })).list.find(
      (exit) => exit.id === id,
    );
  /** A new line for Germany: its status, and whether the upstream carried it. */
  const lineToGermany = async () => {
    const before = upstream.connects.length;
    const attempt = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic(`${customer.username}-country-de`, PASSWORD),
    );
    // A tunnel opened just before a disable may be cut by it: that is the disable working.
    if (attempt.status === 200) {
      await roundTrip(attempt.socket, Buffer.alloc(50_000, 7)).catch(() => undefined);
    }
    attempt.socket.destroy();
    return {
      status: attempt.status,
      reason: attempt.header('x-resiport-reason'),
      viaUpstream: upstream.connects.length > before,
    };
  };

  it('refuses a German line while no exit serves Germany', async () => {
    expect(await lineToGermany()).toEqual({ status: 502, reason: 'no_exit', viaUpstream: false });
  });

  it('uses an upstream added in the console for a new German line, without a restart', async () => {
    await console_('create', {
      id: 'provider-de',
      type: 'http',
      host: '127.0.0.1',
      port: upstream.port,
      username: 'acct',
      password: 'upstream-secret',
      country: 'de',
      reason: 'signed with the provider',
    });
    let result = await lineToGermany();
    await waitFor(async () => (result = await lineToGermany()).status === 200, 10_000, 'the new exit in use');
    expect(result).toEqual({ status: 200, reason: undefined, viaUpstream: true });
    // The credentials went to the upstream as set in the console (never shown back there).
    expect(upstream.users.at(-1)).toBe('acct');
  });

  it('shows the exit healthy, reported by the gateway, with the bytes it carried', async () => {
    await waitFor(
      async () => {
        const exit = await listed('provider-de');
        return exit?.health.status === 'ok' && exit.carried.today_bytes >= 100_000;
      },
      10_000,
      'health and carried bytes in the console',
    );
    const exit = await listed('provider-de');
    expect(exit?.health).toMatchObject({
      status: 'ok',
      reported_by: gateway.instanceId,
      consecutive_failures: 0,
    });
    expect(exit?.has_password).toBe(true);
    expect(JSON.stringify(exit)).not.toContain('upstream-secret');
  });

  it('stops using it once disabled, and the books still add up', async () => {
    await console_('disable', { id: 'provider-de', reason: 'provider outage' });
    let result = await lineToGermany();
    await waitFor(async () => (result = await lineToGermany()).status === 502, 10_000, 'the exit out of use');
    expect(result).toEqual({ status: 502, reason: 'no_exit', viaUpstream: false });
    await waitFor(() => trafficConserved(t, customer.id, BigInt(GB)), 10_000, 'traffic conserved');
  });
});

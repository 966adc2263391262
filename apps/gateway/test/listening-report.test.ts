import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, httpConnect, readAll, socksConnect } from './clients';
import { startFakeServer, TEST_SECRET, type FakeServer } from './fake-server';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { closeServer, startHttpTarget } from './servers';

const USER = 'reportuser01';
const PASS = 'Report-pass.1';

/**
 * The contract a parent relies on (packages/testkit listening.ts): the gateway told to listen on port 0
 * binds free ports itself and its "gateway listening" line names them; the named ports are the ones
 * that carry traffic and serve metrics.
 */
describe('gateway started on port 0 reports the ports it got', () => {
  let fake: FakeServer;
  let target: Awaited<ReturnType<typeof startHttpTarget>>;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    fake = await startFakeServer();
    target = await startHttpTarget();
    gateway = await startGatewayProcess({
      internalSecret: TEST_SECRET,
      serverUrl: fake.url,
      instanceId: 'report',
      env: { GATEWAY_METRICS_PORT: '0' },
    });
  });
  afterAll(async () => {
    await gateway.stop();
    await closeServer(target);
    await fake.close();
  });

  it('HTTP, SOCKS5 and metrics answer on the reported ports', async () => {
    const ports = [gateway.httpPort, gateway.socksPort, gateway.metricsPort];
    expect(new Set(ports).size).toBe(3);
    fake.addUser(USER, PASS, 1_000_000_000);

    const tunnel = await httpConnect(gateway.httpPort, `127.0.0.1:${target.port}`, basic(USER, PASS));
    expect(tunnel.status).toBe(200);
    tunnel.socket.write('GET /bytes/1000 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n');
    expect((await readAll(tunnel.socket)).length).toBeGreaterThan(1000);

    const socks = await socksConnect(
      gateway.socksPort,
      { host: '127.0.0.1', port: target.port },
      { user: USER, pass: PASS },
    );
    expect(socks.rep).toBe(0);
    socks.socket.destroy();

    const metrics = await fetch(`http://127.0.0.1:${gateway.metricsPort ?? 0}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('resiport_gateway_tunnels_open');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, httpConnect, readAll, waitFor } from './clients';
import { startFakeServer, TEST_SECRET, type FakeServer } from './fake-server';
import { startGatewayProcess, type GatewayProcess } from './gateway-process';
import { closeServer, startHttpTarget } from './servers';

const GB = 1_000_000_000;
const USER = 'clusteruser01';
const PASS = 'Cluster-pass.1';

/** The `gateway listening` lines printed so far: one per worker started (restarts included). */
function listening(gateway: GatewayProcess): { instance: string; pid: number; httpPort: number }[] {
  return gateway.logs
    .join('')
    .split('\n')
    .filter((line) => line.includes('"msg":"gateway listening"'))
    .map((line) => JSON.parse(line) as { instance: string; pid: number; httpPort: number });
}

/**
 * `GATEWAY_WORKERS=2`: one supervisor, two gateway workers behind the same ports, each an instance of
 * its own (own id, leases, usage batches), a dead worker replaced, SIGTERM a graceful stop of all.
 */
describe('gateway cluster (GATEWAY_WORKERS)', () => {
  let fake: FakeServer;
  let target: Awaited<ReturnType<typeof startHttpTarget>>;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    fake = await startFakeServer();
    target = await startHttpTarget();
    gateway = await startGatewayProcess({
      internalSecret: TEST_SECRET,
      serverUrl: fake.url,
      instanceId: 'cluster',
      env: { GATEWAY_WORKERS: '2' },
    });
    await waitFor(() => Promise.resolve(listening(gateway).length === 2), 20_000, 'two workers');
  });
  afterAll(async () => {
    await gateway.kill();
    await closeServer(target);
    await fake.close();
  });

  it('spreads tunnels over both workers, bills every byte once, replaces a dead worker, stops cleanly', async () => {
    const owner = fake.addUser(USER, PASS, GB);
    let moved = 0;
    const download = async () => {
      const tunnel = await httpConnect(gateway.httpPort, `127.0.0.1:${target.port}`, basic(USER, PASS));
      expect(tunnel.status).toBe(200);
      tunnel.socket.write('GET /bytes/100000 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n');
      expect((await readAll(tunnel.socket)).length).toBeGreaterThan(100_000);
      moved += tunnel.socket.bytesRead + tunnel.socket.bytesWritten;
    };
    for (let i = 0; i < 8; i++) await download();

    const workers = listening(gateway);
    expect(workers.map((w) => w.instance).sort()).toEqual(['cluster-w1', 'cluster-w2']);
    // Port 0 in every worker is one port the workers share, the one the first worker reported.
    expect(workers.map((w) => w.httpPort)).toEqual([gateway.httpPort, gateway.httpPort]);
    // Both workers took connections: each asked for a lease under its own instance id.
    const leaseHolders = () => new Set([...fake.leases.keys()].map((key) => key.split('|')[0]));
    expect(leaseHolders()).toEqual(new Set(['cluster-w1', 'cluster-w2']));

    // Everything reported (flush every 200 ms), then one worker dies: the supervisor starts another.
    await waitFor(() => Promise.resolve(fake.usage(owner).down + fake.usage(owner).up === moved), 5000);
    process.kill(workers[0]?.pid ?? 0, 'SIGKILL');
    await waitFor(() => Promise.resolve(listening(gateway).length === 3), 20_000, 'a replacement worker');
    expect(gateway.logs.join('')).toContain('gateway worker died; restarting');
    expect(listening(gateway)[2]?.instance).toBe('cluster-w3'); // a new instance, not the dead one's id
    expect(gateway.running()).toBe(true);
    for (let i = 0; i < 4; i++) await download();

    expect(await gateway.stop()).toBe(0);
    const usage = fake.usage(owner);
    expect(usage.up + usage.down).toBe(moved);
    expect(usage.connections).toBe(12);
    expect(fake.duplicateBatches).toBe(0);
  });
});

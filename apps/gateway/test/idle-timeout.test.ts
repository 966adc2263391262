import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { basic, closed, httpConnect, roundTrip, socksConnect } from './clients';
import { startFakeServer, type FakeServer } from './fake-server';
import { closeServer, startEchoServer, startFirehose, startGateway } from './servers';

const GB = 1_000_000_000;
const IDLE_MS = 800;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idle tunnels are closed by the meter from the client socket's byte counters (no per-socket timers
 * on the data path): a tunnel that moves nothing either way goes after the idle timeout, one that
 * keeps moving bytes in either direction stays, and its slot and bytes are settled like any close.
 */
describe('idle tunnels', () => {
  let fake: FakeServer;
  let gateway: Gateway;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let firehose: Awaited<ReturnType<typeof startFirehose>>;

  beforeAll(async () => {
    fake = await startFakeServer();
    echo = await startEchoServer();
    firehose = await startFirehose(1024, 100);
    gateway = await startGateway(fake, { idleTimeoutMs: IDLE_MS, maxConnectionsPerAccount: 2 });
    fake.addUser('idleuser0001', 'Idle-pass.1', GB);
    // Another account: its witness tunnels take none of the slots the tests count.
    fake.addUser('idlewitness1', 'Idle-pass.1', GB, 2);
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([echo, firehose].map((s) => closeServer(s)));
    await fake.close();
  });

  const auth = basic('idleuser0001', 'Idle-pass.1');

  /**
   * Opens a tunnel that moves nothing and resolves when the gateway closes it as idle: the idle
   * timeout has run out and the meter has checked since. A test that shows a busy tunnel outliving
   * the timeout waits for this, so the stretch it covers is the gateway's own, not a guess.
   */
  const idleTimeoutPassed = async () => {
    const witness = await httpConnect(
      gateway.httpPort,
      `127.0.0.1:${echo.port}`,
      basic('idlewitness1', 'Idle-pass.1'),
    );
    expect(witness.status).toBe(200);
    await closed(witness.socket, 10_000);
  };

  it('closes a CONNECT tunnel that moves nothing, and frees its connection slot', async () => {
    const started = Date.now();
    const first = await httpConnect(gateway.httpPort, `127.0.0.1:${echo.port}`, auth);
    const second = await httpConnect(gateway.httpPort, `127.0.0.1:${echo.port}`, auth);
    expect([first.status, second.status]).toEqual([200, 200]);
    await closed(first.socket, 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS);
    await closed(second.socket, 5000);
    // Both slots are free again: two new tunnels open under the limit of 2.
    const again = await Promise.all(
      [0, 1].map(() => httpConnect(gateway.httpPort, `127.0.0.1:${echo.port}`, auth)),
    );
    expect(again.map((a) => a.status)).toEqual([200, 200]);
    for (const a of again) a.socket.destroy();
  });

  it('keeps a SOCKS5 tunnel whose client keeps talking, past several idle timeouts', async () => {
    const { socket, rep } = await socksConnect(
      gateway.socksPort,
      { host: '127.0.0.1', port: echo.port },
      { user: 'idleuser0001', pass: 'Idle-pass.1' },
    );
    expect(rep).toBe(0);
    const window = { over: false };
    const twoTimeouts = (async () => {
      await idleTimeoutPassed();
      await idleTimeoutPassed();
      window.over = true;
    })();
    for (let i = 0; !window.over; i++) {
      await sleep(IDLE_MS / 2); // the client's pace, not a wait: a ping every half idle timeout
      const back = await roundTrip(socket, Buffer.from(`ping ${i}`));
      expect(back.toString()).toBe(`ping ${i}`);
    }
    await twoTimeouts;
    // Still open after the two timeouts, and still carrying bytes.
    expect((await roundTrip(socket, Buffer.from('last'))).toString()).toBe('last');
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });

  it('keeps a tunnel whose upstream alone keeps sending (a download the client only reads)', async () => {
    const { status, socket } = await httpConnect(gateway.httpPort, `127.0.0.1:${firehose.port}`, auth);
    expect(status).toBe(200);
    let received = 0;
    socket.on('data', (chunk: Buffer) => void (received += chunk.length));
    socket.resume();
    for (let i = 0; i < 3; i++) await idleTimeoutPassed();
    expect(socket.destroyed).toBe(false);
    expect(received).toBeGreaterThan(10_000);
    socket.destroy();
  });
});

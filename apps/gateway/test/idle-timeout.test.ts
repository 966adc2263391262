import { createServer, type Socket } from 'node:net';
import type { TrafficOwner } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { basic, closed, httpConnect, roundTrip, socksConnect, waitFor } from './clients';
import { startFakeServer, type FakeServer } from './fake-server';
import { closeServer, listenOn, startEchoServer, startGateway } from './servers';

const GB = 1_000_000_000;
const IDLE_MS = 800;

/** An origin that sends only what the test tells it to: each connection it accepts goes to `next()`. */
async function startPusher() {
  const accepted: Socket[] = [];
  const waiting: ((socket: Socket) => void)[] = [];
  const all = new Set<Socket>();
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    all.add(socket);
    const taker = waiting.shift();
    if (taker) taker(socket);
    else accepted.push(socket);
  });
  const next = () =>
    new Promise<Socket>((resolve) => {
      const socket = accepted.shift();
      if (socket) resolve(socket);
      else waiting.push(resolve);
    });
  const close = () => {
    for (const socket of all) socket.destroy();
    return closeServer(server);
  };
  return { port: await listenOn(server), next, close };
}

/**
 * Idle tunnels are closed by the meter from the client socket's byte counters (no per-socket timers
 * on the data path): a tunnel that moves nothing either way goes after the idle timeout, one that
 * keeps moving bytes in either direction stays, and its slot and bytes are settled like any close.
 *
 * That a busy tunnel stays is shown on a gateway whose clock moves only when the test moves it: half
 * an idle timeout at a time, each seen by a meter tick while the tunnel is quiet, then the tunnel's
 * next bytes, seen by a tick too (a tick is known to have run when bytes it alone bills are billed),
 * so how long the machine takes to get there does not matter.
 */
describe('idle tunnels', () => {
  let fake: FakeServer;
  let gateway: Gateway;
  let clocked: Gateway;
  const clock = { now: Date.now() };
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let pusher: Awaited<ReturnType<typeof startPusher>>;
  let nextAccount = 10;

  beforeAll(async () => {
    fake = await startFakeServer();
    echo = await startEchoServer();
    pusher = await startPusher();
    gateway = await startGateway(fake, { idleTimeoutMs: IDLE_MS, maxConnectionsPerAccount: 2 });
    clocked = await startGateway(fake, { idleTimeoutMs: IDLE_MS }, { now: () => clock.now });
    fake.addUser('idleuser0001', 'Idle-pass.1', GB);
  });
  afterAll(async () => {
    await Promise.all([gateway.close(), clocked.close()]);
    await Promise.all([closeServer(echo), pusher.close()]);
    await fake.close();
  });

  const auth = basic('idleuser0001', 'Idle-pass.1');

  /** A user of an account of its own (its bytes billed apart, no slot shared with another test). */
  const newUser = (name: string) => ({ name, owner: fake.addUser(name, 'Idle-pass.1', GB, ++nextAccount) });

  /** Waits until what the client socket moved is billed: a meter tick has seen every byte of it. */
  const sampled = (owner: TrafficOwner, socket: Socket) =>
    waitFor(
      () => {
        const used = fake.usage(owner);
        return used.up + used.down === socket.bytesRead + socket.bytesWritten;
      },
      5000,
      'a meter tick that saw the bytes',
    );

  /**
   * Returns `tick()`: resolves once a meter tick of the clocked gateway has run since the call (a
   * tunnel of its own moves a few bytes, and an open tunnel's bytes are billed only by a tick).
   */
  const ticker = async () => {
    const { name, owner } = newUser(`idleticker${nextAccount}`);
    const { socket, rep } = await socksConnect(
      clocked.socksPort,
      { host: '127.0.0.1', port: echo.port },
      { user: name, pass: 'Idle-pass.1' },
    );
    expect(rep).toBe(0);
    return async () => {
      expect((await roundTrip(socket, Buffer.from('tick'))).toString()).toBe('tick');
      await sampled(owner, socket);
    };
  };

  /** A tunnel on the clocked gateway that moves nothing after its handshake: what the idle check closes. */
  const idleTunnel = async () => {
    const { name } = newUser(`idlewitness${nextAccount}`);
    const tunnel = await httpConnect(clocked.httpPort, `127.0.0.1:${echo.port}`, basic(name, 'Idle-pass.1'));
    expect(tunnel.status).toBe(200);
    return tunnel.socket;
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
    const { name, owner } = newUser('idletalker01');
    const idle = await idleTunnel();
    const tick = await ticker();
    const { socket, rep } = await socksConnect(
      clocked.socksPort,
      { host: '127.0.0.1', port: echo.port },
      { user: name, pass: 'Idle-pass.1' },
    );
    expect(rep).toBe(0);
    for (let i = 0; i < 5; i++) {
      clock.now += IDLE_MS / 2; // half an idle timeout with nothing from the client …
      await tick();
      // … then it talks again.
      expect((await roundTrip(socket, Buffer.from(`ping ${i}`))).toString()).toBe(`ping ${i}`);
      await sampled(owner, socket);
    }
    // The same checks closed the tunnel that moved nothing: they ran on this clock.
    await closed(idle, 5000);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });

  it('keeps a tunnel whose upstream alone keeps sending (a download the client only reads)', async () => {
    const { name, owner } = newUser('idlereader01');
    const idle = await idleTunnel();
    const tick = await ticker();
    const upstream = pusher.next();
    const { status, socket } = await httpConnect(
      clocked.httpPort,
      `127.0.0.1:${pusher.port}`,
      basic(name, 'Idle-pass.1'),
    );
    expect(status).toBe(200);
    const sentWithConnect = socket.bytesWritten;
    const origin = await upstream;
    socket.resume();
    for (let i = 0; i < 5; i++) {
      clock.now += IDLE_MS / 2; // half an idle timeout with nothing from the origin …
      await tick();
      // … then it sends again.
      const read = socket.bytesRead;
      origin.write(Buffer.alloc(1024, i));
      await waitFor(
        () => socket.destroyed || socket.bytesRead === read + 1024,
        5000,
        'the download’s next kilobyte',
      );
      expect(socket.destroyed).toBe(false);
      await sampled(owner, socket);
    }
    await closed(idle, 5000);
    expect(socket.destroyed).toBe(false);
    expect(socket.bytesWritten).toBe(sentWithConnect); // only downloaded bytes kept it busy
    socket.destroy();
  });
});

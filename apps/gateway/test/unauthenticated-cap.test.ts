import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { basic, connectTo, httpConnectOn, roundTrip, socksConnect, waitFor } from './clients';
import { startFakeServer, type FakeServer } from './fake-server';
import { closeServer, startEchoServer, startGateway } from './servers';

const GB = 1_000_000_000;
const CAP = 3;

describe('unauthenticated connections per source IP', () => {
  let fake: FakeServer;
  let gateway: Gateway;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  const alice = { user: 'aliceproxy01', pass: 'Alice-pass.1' };
  const open: Socket[] = [];

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.addUser(alice.user, alice.pass, GB);
    echo = await startEchoServer();
    // A long handshake timeout: the idle connections of these tests must outlive them.
    gateway = await startGateway(fake, { maxUnauthenticatedPerIp: CAP, handshakeTimeoutMs: 20_000 });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.destroy();
  });
  afterAll(async () => {
    await gateway.close();
    await closeServer(echo);
    await fake.close();
  });

  /** Opens a connection that says nothing. */
  async function idleOne(port: number, localAddress?: string) {
    const socket = await connectTo(port, { localAddress });
    socket.on('error', () => undefined);
    socket.resume(); // so a close by the gateway is seen
    open.push(socket);
    return socket;
  }
  /** Opens idle connections one after another (so the gateway accepts them in this order). */
  async function idle(port: number, count: number) {
    const sockets: Socket[] = [];
    for (let i = 0; i < count; i++) sockets.push(await idleOne(port));
    return sockets;
  }
  const isClosed = (socket: Socket) => socket.destroyed || socket.readableEnded;
  const tunnelThrough = async (socket: Socket) => {
    const { status } = await httpConnectOn(socket, `127.0.0.1:${echo.port}`, basic(alice.user, alice.pass));
    expect(status).toBe(200);
    expect((await roundTrip(socket, Buffer.from('ok'))).toString()).toBe('ok');
  };

  it('closes connections beyond the cap at once, on both ports together; other addresses are not affected', async () => {
    const sockets = await idle(gateway.httpPort, CAP + 2);
    await waitFor(() => sockets.filter(isClosed).length === 2, 5000, 'two connections closed');
    expect(sockets.map(isClosed)).toEqual([false, false, false, true, true]);
    // The SOCKS port shares the count: this address has no room there either.
    const socks = await idleOne(gateway.socksPort);
    await waitFor(() => isClosed(socks), 5000, 'the SOCKS connection closed');

    // Another source address has its own count.
    await tunnelThrough(await idleOne(gateway.httpPort, '127.0.0.2'));

    // The connections within the cap were kept and still work.
    for (const socket of sockets.slice(0, CAP)) await tunnelThrough(socket);
  });

  it('stops counting a connection once it authenticated (HTTP and SOCKS), or closed', async () => {
    await tunnelThrough(await idleOne(gateway.httpPort));
    const socks = await socksConnect(gateway.socksPort, { host: '127.0.0.1', port: echo.port }, alice);
    expect(socks.rep).toBe(0);
    open.push(socks.socket);
    const another = await socksConnect(gateway.socksPort, { host: '127.0.0.1', port: echo.port }, alice);
    expect(another.rep).toBe(0);
    open.push(another.socket);

    // Three tunnels are open from this address, and there is still room for CAP waiting ones.
    const waiting = await idle(gateway.httpPort, CAP);
    const overCap = await idleOne(gateway.httpPort);
    await waitFor(() => isClosed(overCap), 5000, 'the one over the cap closed');
    expect(waiting.map(isClosed)).toEqual([false, false, false]);

    // A waiting connection that goes frees its place.
    waiting.shift()?.destroy();
    await waitFor(
      async () => {
        const { status } = await httpConnectOn(
          await idleOne(gateway.httpPort),
          `127.0.0.1:${echo.port}`,
          basic(alice.user, alice.pass),
        ).catch(() => ({ status: 0 }));
        return status === 200;
      },
      5000,
      'a place freed by a closed connection',
    );
  });
});

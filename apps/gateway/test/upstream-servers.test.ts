import { describe, expect, it } from 'vitest';
import { closed, httpConnect, roundTrip, socksConnect } from './clients';
import { closeServer, startEchoServer, startUpstreamHttpProxy, startUpstreamSocks5 } from './servers';

/**
 * The tests' own upstream proxies behave as real ones at a reset: the tunnel's other side goes too.
 * Pipes carry an end but not a reset, and a gateway stopping resets what it has open; the echo server
 * behind such a tunnel then never finished closing (an afterAll hung until its timeout in CI).
 */
describe("the tests' upstream proxies", () => {
  it.each([
    [
      'HTTP CONNECT',
      async (echoPort: number) => {
        const proxy = await startUpstreamHttpProxy('http-upstream');
        const { status, socket } = await httpConnect(proxy.port, `127.0.0.1:${echoPort}`);
        expect(status).toBe(200);
        return { proxy, socket };
      },
    ],
    [
      'SOCKS5',
      async (echoPort: number) => {
        const proxy = await startUpstreamSocks5('socks-upstream');
        const { rep, socket } = await socksConnect(proxy.port, { host: '127.0.0.1', port: echoPort });
        expect(rep).toBe(0);
        return { proxy, socket };
      },
    ],
  ])('%s: a client that resets takes the tunnel to the target with it', async (_kind, open) => {
    const echo = await startEchoServer();
    const { proxy, socket } = await open(echo.port);
    expect((await roundTrip(socket, Buffer.from('hello'))).toString()).toBe('hello');
    expect(echo.sockets.size).toBe(1);

    socket.resetAndDestroy();
    const [target] = echo.sockets;
    if (target) await closed(target);
    expect(echo.sockets.size).toBe(0);
    await Promise.all([closeServer(echo), closeServer(proxy)]);
  });
});

import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ALICE, listenerFixture, shippedThrottle } from './listener-fixture';
import { basic, closed, connectTo, httpConnect, readAll, readResponse, roundTrip } from './clients';
import { closeServer, startEchoServer, startGateway } from './servers';

/** A plain HTTP request through the proxy (absolute-form), with raw control over headers. */
function proxyGet(proxyPort: number, url: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: proxyPort, method: body ? 'POST' : 'GET', path: url, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('HTTP proxy listener', () => {
  const fx = listenerFixture();
  const alice = ALICE;

  it('tunnels CONNECT to a target, both ways, with half-close', async () => {
    const { status, head, socket } = await httpConnect(
      fx.gateway.httpPort,
      `127.0.0.1:${fx.echo.port}`,
      basic(alice.user, alice.pass),
    );
    expect(status).toBe(200);
    expect(head).toBe('HTTP/1.1 200 Connection established');
    const payload = Buffer.from('ping '.repeat(10_000));
    expect((await roundTrip(socket, payload)).equals(payload)).toBe(true);
    // Half-close: data and FIN at once; the echo still comes back after our FIN, then the tunnel closes.
    const echoed = readAll(socket);
    socket.end(payload);
    expect((await echoed).equals(payload)).toBe(true);
  });

  it('forwards absolute-form requests without our credentials or hop-by-hop headers', async () => {
    const res = await proxyGet(fx.gateway.httpPort, `http://127.0.0.1:${fx.target.port}/hello`, {
      'proxy-authorization': basic(alice.user, alice.pass),
      'proxy-connection': 'keep-alive',
      connection: 'keep-alive, x-secret-hop',
      'x-secret-hop': 'for the proxy only',
      'x-end-to-end': 'kept',
    });
    expect(res).toMatchObject({ status: 200, body: 'hello from target' });
    // Hop-by-hop headers are ours, not the target's: the client's keep-alive is answered by us.
    expect(res.headers['keep-alive']).toBeUndefined();
    expect(res.headers.connection).toBe('keep-alive');
    const seen = fx.target.seen.at(-1) ?? {};
    expect(seen['proxy-authorization']).toBeUndefined();
    expect(seen['proxy-connection']).toBeUndefined();
    expect(seen['x-secret-hop']).toBeUndefined();
    expect(seen['x-end-to-end']).toBe('kept');
    expect(seen.host).toBe(`127.0.0.1:${fx.target.port}`);
    const posted = await proxyGet(
      fx.gateway.httpPort,
      `http://127.0.0.1:${fx.target.port}/echo`,
      { 'proxy-authorization': basic(alice.user, alice.pass), 'content-type': 'text/plain' },
      'a body of some length',
    );
    expect(posted).toMatchObject({ status: 200, body: 'a body of some length' });
  });

  it('forwards uploads of any size whose body came with the head, by length or chunked, on a kept-alive connection', async () => {
    // curl, python-requests, Go and wget send a body right behind the head. Read up to 64 KiB while
    // the credentials were checked, such a body once hung until the client gave up.
    const socket = await connectTo(fx.gateway.httpPort);
    const origin = `127.0.0.1:${fx.target.port}`;
    const head = (extra: string) =>
      `POST http://${origin}/sink HTTP/1.1\r\nHost: ${origin}\r\n` +
      `Proxy-Authorization: ${basic(alice.user, alice.pass)}\r\n${extra}\r\n`;
    const body = Buffer.alloc(5_000_000, 0x61);
    socket.write(Buffer.concat([Buffer.from(head(`Content-Length: ${body.length}\r\n`)), body]));
    const byLength = await readResponse(socket, 30_000);
    expect([byLength.status, byLength.body.toString()]).toEqual([200, '5000000']);
    // The same connection, the next request: a chunked body of 3 MB in 1 MB chunks, sent at once.
    const chunk = Buffer.alloc(1_000_000, 0x62);
    const framed = [chunk, chunk, chunk].map((c) =>
      Buffer.concat([Buffer.from(`${c.length.toString(16)}\r\n`), c, Buffer.from('\r\n')]),
    );
    socket.write(
      Buffer.concat([
        Buffer.from(head('Transfer-Encoding: chunked\r\n')),
        ...framed,
        Buffer.from('0\r\n\r\n'),
      ]),
    );
    const chunked = await readResponse(socket, 30_000);
    expect([chunked.status, chunked.body.toString()]).toEqual([200, '3000000']);
    socket.destroy();
  });

  it('asks for credentials: 407 with a Basic realm, and a reason', async () => {
    const cases = [
      [undefined, 'auth_required'],
      [basic(alice.user, 'wrong'), 'auth_failed'],
      [basic('nobodyhere01', 'whatever'), 'auth_failed'],
      [basic('aliceproxy01-planet-mars', alice.pass), 'bad_username'],
      ['Bearer abc', 'auth_required'],
    ] as const;
    for (const [auth, reason] of cases) {
      const { status, header, socket } = await httpConnect(
        fx.gateway.httpPort,
        `127.0.0.1:${fx.echo.port}`,
        auth,
      );
      expect(status).toBe(407);
      expect(header('Proxy-Authenticate')).toBe('Basic realm="Resiport"');
      expect(header('X-Resiport-Reason')).toBe(reason);
      await closed(socket);
    }
    const res = await proxyGet(fx.gateway.httpPort, `http://127.0.0.1:${fx.target.port}/hello`, {
      'proxy-authorization': basic(alice.user, 'wrong'),
    });
    expect(res.status).toBe(407);
    expect(res.headers['x-resiport-reason']).toBe('auth_failed');
  });

  it('refuses a disabled sub-account (403) and one without traffic (402)', async () => {
    const disabled = await httpConnect(
      fx.gateway.httpPort,
      `127.0.0.1:${fx.echo.port}`,
      basic('bobproxy0001', 'Bob-pass.1'),
    );
    expect([disabled.status, disabled.header('X-Resiport-Reason')]).toEqual([403, 'disabled']);
    const empty = await httpConnect(
      fx.gateway.httpPort,
      `127.0.0.1:${fx.echo.port}`,
      basic('emptyproxy01', 'Empty-pass.1'),
    );
    expect([empty.status, empty.header('X-Resiport-Reason')]).toEqual([402, 'no_traffic']);
  });

  it('reports an unreachable destination (connection refused) as 502', async () => {
    const dead = await startEchoServer();
    const port = dead.port;
    await closeServer(dead);
    const res = await httpConnect(fx.gateway.httpPort, `127.0.0.1:${port}`, basic(alice.user, alice.pass));
    expect([res.status, res.header('X-Resiport-Reason')]).toEqual([502, 'connection_refused']);
  });

  it('answers malformed input with 4xx and keeps serving', async () => {
    const attempts: [string, RegExp][] = [
      ['CONNECT nonsense HTTP/1.1\r\n\r\n', /^HTTP\/1\.1 400/],
      ['CONNECT 127.0.0.1:99999 HTTP/1.1\r\n\r\n', /^HTTP\/1\.1 400/],
      ['CONNECT  HTTP/1.1\r\n\r\n', /^HTTP\/1\.1 400/],
      ['GET /not-a-proxy-request HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 400/],
      ['GET https://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n', /^HTTP\/1\.1 400/],
      ['\x16\x03\x01\x02\x00garbage\r\n\r\n', /^HTTP\/1\.1 400/],
      [`GET http://127.0.0.1/ HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, /^HTTP\/1\.1 431/],
      [`CONNECT a:1 HTTP/1.1\r\n${'X-Many: 1\r\n'.repeat(3000)}\r\n`, /^HTTP\/1\.1 431/],
    ];
    for (const [input, expected] of attempts) {
      const socket = await connectTo(fx.gateway.httpPort);
      socket.on('error', () => undefined);
      socket.write(input);
      const answer = (await readAll(socket)).toString('latin1');
      expect(answer).toMatch(expected);
    }
    const ok = await httpConnect(
      fx.gateway.httpPort,
      `127.0.0.1:${fx.echo.port}`,
      basic(alice.user, alice.pass),
    );
    expect(ok.status).toBe(200);
    ok.socket.destroy();
  });

  it('drops a slow-loris client after the handshake timeout, and a client that leaves mid-request', async () => {
    const quick = await startGateway(fx.fake, { handshakeTimeoutMs: 500 });
    try {
      const started = Date.now();
      const slow = await connectTo(quick.httpPort);
      slow.on('error', () => undefined);
      slow.write('CONNECT 127.0.0.1:1 HTTP/1.1\r\nX-Slow: ');
      const interval = setInterval(() => slow.writable && slow.write('a'), 100);
      await closed(slow, 3000);
      clearInterval(interval);
      expect(Date.now() - started).toBeLessThan(1500); // 500 ms (+ up to one 500 ms check interval)
      const silent = await connectTo(quick.httpPort); // connects and says nothing at all
      await closed(silent, 3000);
      const quitter = await connectTo(quick.httpPort);
      quitter.write('CONNECT 127.0.0.1:');
      quitter.destroy();
      const ok = await httpConnect(
        quick.httpPort,
        `127.0.0.1:${fx.echo.port}`,
        basic(alice.user, alice.pass),
      );
      expect(ok.status).toBe(200);
      ok.socket.destroy();
    } finally {
      await quick.close();
    }
  });

  it('throttles an (address, user) pair after repeated failures, even for the right password', async () => {
    const strict = await startGateway(fx.fake, { authThrottle: { ...shippedThrottle(), pairFailures: 3 } });
    try {
      const statuses: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await httpConnect(
          strict.httpPort,
          `127.0.0.1:${fx.echo.port}`,
          basic(alice.user, `guess-${i}`),
        );
        statuses.push(`${res.status} ${res.header('X-Resiport-Reason') ?? ''}`);
      }
      const right = await httpConnect(
        strict.httpPort,
        `127.0.0.1:${fx.echo.port}`,
        basic(alice.user, alice.pass),
      );
      statuses.push(`${right.status} ${right.header('X-Resiport-Reason') ?? ''}`);
      expect(statuses).toEqual([
        '407 auth_failed',
        '407 auth_failed',
        '407 auth_failed',
        '429 throttled',
        '429 throttled',
      ]);
      expect(strict.metrics.authFailures.get('throttled')).toBe(2);
    } finally {
      await strict.close();
    }
  });
});

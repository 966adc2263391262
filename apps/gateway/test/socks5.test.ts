import { describe, expect, it } from 'vitest';
import { ALICE, listenerFixture } from './listener-fixture';
import { bytesReader, closed, connectTo, readAll, roundTrip, socksConnect, waitFor } from './clients';
import { closeServer, startEchoServer, startGateway } from './servers';

const GB = 1_000_000_000;
/**
 * The handshake deadline of the gateway the deadline tests start for themselves: short, yet well past
 * what a login checked by the server takes on a busy machine (one of those tests logs in, then stops).
 */
const HANDSHAKE_MS = 2000;

describe('SOCKS5 listener', () => {
  // A handshake deadline no handshake here meets, however slowly a busy machine runs it (one sent a
  // byte at a time, a login checked by the server): the deadline tests start a gateway of their own.
  const fx = listenerFixture({ handshakeTimeoutMs: 60_000, negativeTtlMs: 50 });
  /** A gateway with a short handshake deadline, for the test that ends it. */
  const withShortDeadline = async (test: (port: number) => Promise<void>) => {
    const gateway = await startGateway(fx.fake, { handshakeTimeoutMs: HANDSHAKE_MS });
    try {
      await test(gateway.socksPort);
    } finally {
      await gateway.close();
    }
  };
  const alice = ALICE;

  it('connects to an IPv4 address and to a domain name with username/password', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const { socket, method, authStatus, rep } = await socksConnect(
        fx.gateway.socksPort,
        { host, port: fx.echo.port },
        alice,
      );
      expect([method, authStatus, rep]).toEqual([0x02, 0x00, 0x00]);
      const payload = Buffer.from(`through socks to ${host} `.repeat(1000));
      expect((await roundTrip(socket, payload)).equals(payload)).toBe(true);
      const echoed = readAll(socket);
      socket.end(payload); // half-close: the echo still arrives
      expect((await echoed).equals(payload)).toBe(true);
    }
  });

  it('answers failed authentication with RFC 1929 status 1 and closes', async () => {
    for (const credentials of [
      { user: alice.user, pass: 'wrong' },
      { user: 'nobodyhere01', pass: 'x' },
      { user: 'alice-country-', pass: 'x' },
    ]) {
      const { socket, authStatus, rep } = await socksConnect(
        fx.gateway.socksPort,
        { host: '127.0.0.1', port: fx.echo.port },
        credentials,
      );
      expect([authStatus, rep]).toEqual([0x01, undefined]);
      await closed(socket);
    }
  });

  /** Greeting (user/pass only), login and a CONNECT to 127.0.0.1:`port`, as a client sends them. */
  const handshake = (port: number) => {
    const [user, pass] = [Buffer.from(alice.user), Buffer.from(alice.pass)];
    const login = Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]);
    return Buffer.concat([
      Buffer.from([5, 1, 2]),
      login,
      Buffer.from([5, 1, 0, 1, 127, 0, 0, 1, port >> 8, port & 0xff]),
    ]);
  };
  const REPLIES = [5, 2, 1, 0, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0];

  it('takes a handshake sent one byte at a time', async () => {
    const socket = await connectTo(fx.gateway.socksPort);
    socket.setNoDelay(true);
    const read = bytesReader(socket);
    // One byte per packet, each written once the previous one has left and the gateway (in this
    // process) could read it: no pauses, which a busy machine stretches past any deadline.
    for (const byte of handshake(fx.echo.port)) {
      await new Promise<void>((resolve) => socket.write(Buffer.from([byte]), () => setImmediate(resolve)));
    }
    expect([...(await read(REPLIES.length))]).toEqual(REPLIES);
    read.release();
    const payload = Buffer.from('after a slow handshake '.repeat(50));
    expect((await roundTrip(socket, payload)).equals(payload)).toBe(true);
    socket.destroy();
  });

  it('takes a whole handshake and 300 kB of payload in one write, every byte in order', async () => {
    // Most of it arrives while the login is being checked: held (then the socket paused), never lost.
    const payload = Buffer.alloc(300_000);
    for (let i = 0; i < payload.length; i++) payload[i] = (i * 7 + (i >> 9)) & 0xff;
    const socket = await connectTo(fx.gateway.socksPort);
    const read = bytesReader(socket);
    socket.write(Buffer.concat([handshake(fx.echo.port), payload]));
    expect([...(await read(REPLIES.length))]).toEqual(REPLIES);
    expect((await read(payload.length)).equals(payload)).toBe(true);
    socket.destroy();
  });

  it('refuses a disabled owner and one without traffic with 0x02 (not allowed), a dead port with 0x05', async () => {
    const disabled = await socksConnect(
      fx.gateway.socksPort,
      { host: '127.0.0.1', port: fx.echo.port },
      { user: 'bobproxy0001', pass: 'Bob-pass.1' },
    );
    expect([disabled.authStatus, disabled.rep]).toEqual([0x00, 0x02]);
    const empty = await socksConnect(
      fx.gateway.socksPort,
      { host: '127.0.0.1', port: fx.echo.port },
      { user: 'emptyproxy01', pass: 'Empty-pass.1' },
    );
    expect(empty.rep).toBe(0x02);
    const dead = await startEchoServer();
    await closeServer(dead);
    const refused = await socksConnect(fx.gateway.socksPort, { host: '127.0.0.1', port: dead.port }, alice);
    expect(refused.rep).toBe(0x05);
    const unresolvable = await socksConnect(
      fx.gateway.socksPort,
      { host: 'no-such-host.invalid', port: 80 },
      alice,
    );
    expect(unresolvable.rep).toBe(0x04);
  });

  it('offers no-auth only to whitelisted addresses', async () => {
    const refused = await socksConnect(fx.gateway.socksPort, { host: '127.0.0.1', port: fx.echo.port });
    expect(refused.method).toBe(0xff);
    await closed(refused.socket);
    fx.fake.addWhitelist('127.0.0.1', 42, GB);
    try {
      // The gateway remembers "not whitelisted" a while (50 ms here, 0.5 s by default): the address
      // is offered no-auth once it asks the server again.
      await waitFor(
        async () => {
          const probe = await socksConnect(fx.gateway.socksPort, { host: '127.0.0.1', port: fx.echo.port });
          probe.socket.destroy();
          return probe.method === 0x00;
        },
        5000,
        'no-auth offered to the whitelisted address',
      );
      const { socket, method, rep } = await socksConnect(fx.gateway.socksPort, {
        host: '127.0.0.1',
        port: fx.echo.port,
      });
      expect([method, rep]).toEqual([0x00, 0x00]);
      expect((await roundTrip(socket, Buffer.from('hi'))).toString()).toBe('hi');
      socket.destroy();
      // Offering both methods: credentials are asked for, so the whitelisted client can target.
      const targeted = await socksConnect(
        fx.gateway.socksPort,
        { host: '127.0.0.1', port: fx.echo.port },
        { user: 'whitelist-session-w1', pass: 'x' },
        [0x00, 0x02],
      );
      expect([targeted.method, targeted.authStatus, targeted.rep]).toEqual([0x02, 0x00, 0x00]);
      targeted.socket.destroy();
    } finally {
      fx.fake.whitelist.delete('127.0.0.1');
    }
  });

  it('answers unsupported commands (0x07) and address types (0x08)', async () => {
    const ask = async (request: number[]) => {
      const socket = await connectTo(fx.gateway.socksPort);
      const read = bytesReader(socket);
      socket.write(Buffer.from([5, 1, 2]));
      await read(2);
      const user = Buffer.from(alice.user);
      const pass = Buffer.from(alice.pass);
      socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
      expect((await read(2))[1]).toBe(0);
      socket.write(Buffer.from(request));
      const reply = await read(10);
      await closed(socket);
      return reply[1];
    };
    expect(await ask([5, 2, 0, 1, 127, 0, 0, 1, 0, 80])).toBe(0x07); // BIND
    expect(await ask([5, 3, 0, 1, 127, 0, 0, 1, 0, 80])).toBe(0x07); // UDP ASSOCIATE
    expect(await ask([5, 1, 0, 9, 1, 2, 3])).toBe(0x08);
  });

  it('closes on protocol violations, truncation and slow handshakes, and keeps serving', async () => {
    const inputs = [
      Buffer.from('GET / HTTP/1.1\r\n\r\n'),
      Buffer.from([5, 0]), // no methods
      Buffer.from([5, 1, 0x80]), // nothing acceptable → 0xFF
      Buffer.from([5, 1, 2, 9, 9]), // wrong sub-negotiation version
    ];
    for (const input of inputs) {
      const socket = await connectTo(fx.gateway.socksPort);
      socket.on('error', () => undefined);
      socket.write(input);
      const answer = await readAll(socket, 3000);
      expect(answer.length === 0 || (answer[0] === 5 && answer.length <= 2)).toBe(true);
    }
    const truncated = await connectTo(fx.gateway.socksPort);
    truncated.end(Buffer.from([5, 2, 0])); // promises two methods, sends one, then FIN
    await closed(truncated, 3000);

    await withShortDeadline(async (port) => {
      const started = Date.now();
      const slow = await connectTo(port);
      slow.on('error', () => undefined);
      slow.write(Buffer.from([5]));
      expect((await readAll(slow, 10_000)).length).toBe(0);
      // Closed by the handshake deadline: not before it, and without a word.
      expect(Date.now() - started).toBeGreaterThanOrEqual(HANDSHAKE_MS);
    });

    const ok = await socksConnect(fx.gateway.socksPort, { host: '127.0.0.1', port: fx.echo.port }, alice);
    expect(ok.rep).toBe(0);
    ok.socket.destroy();
  });

  it('answers SOCKS4 and SOCKS4a with the SOCKS4 "request rejected" reply (0x5B) and closes', async () => {
    const user = Buffer.from('aliceproxy01\0');
    const requests = {
      socks4: Buffer.concat([Buffer.from([4, 1, 0, 80, 127, 0, 0, 1]), user]),
      socks4a: Buffer.concat([Buffer.from([4, 1, 0, 80, 0, 0, 0, 1]), user, Buffer.from('example.com\0')]),
      // The first two bytes are enough to know it is SOCKS4: a client that stops there is answered too.
      socks4Truncated: Buffer.from([4, 1]),
    };
    for (const [name, request] of Object.entries(requests)) {
      const socket = await connectTo(fx.gateway.socksPort);
      socket.on('error', () => undefined);
      socket.write(request);
      const answer = await readAll(socket, 3000); // resolves only once the gateway has closed
      expect([name, [...answer]]).toEqual([name, [0x00, 0x5b, 0, 0, 0, 0, 0, 0]]);
    }
  });

  it('closes idle and half-sent handshakes at the handshake timeout, without an answer', async () => {
    const user = Buffer.from(alice.user);
    const pass = Buffer.from(alice.pass);
    const login = Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]);
    const halves: [string, Buffer[]][] = [
      ['nothing at all', []],
      ['half a greeting', [Buffer.from([5, 2, 0])]],
      ['greeting, half a login', [Buffer.from([5, 1, 2]), login.subarray(0, 6)]],
      ['login, half a request', [Buffer.from([5, 1, 2]), login, Buffer.from([5, 1, 0, 1, 127, 0])]],
    ];
    await withShortDeadline(async (port) => {
      const sockets = await Promise.all(
        halves.map(async ([, parts]) => {
          const socket = await connectTo(port);
          socket.on('error', () => undefined);
          for (const part of parts) socket.write(part);
          return socket;
        }),
      );
      const answers = await Promise.all(sockets.map((socket) => readAll(socket, 10_000)));
      // Only what the handshake owed so far (method choice, login status) came back, never a reply.
      expect(answers.map((a) => [...a])).toEqual([[], [], [5, 2], [5, 2, 1, 0]]);
    });
  });
});

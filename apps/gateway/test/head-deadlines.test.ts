import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, listenerFixture } from './listener-fixture';
import { HeadDeadlines } from '../src/listen/head-deadlines';
import { basic, closed, connectTo, readAll, readResponse, roundTrip } from './clients';
import { closeServer, listenOn, startGateway } from './servers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens a connection that sends nothing and resolves when the server closes it for that: its
 * handshake timeout has run out. Any connection accepted before this one got its own clock earlier,
 * so by then a head timer still armed on it would have fired too. A test that shows a connection
 * outliving the deadline waits for this, not for a guessed stretch of time.
 */
async function handshakeTimeoutPassed(port: number): Promise<void> {
  const witness = await connectTo(port);
  witness.on('error', () => undefined);
  const received = await readAll(witness, 10_000);
  expect(received.toString()).toBe('');
}

describe('HTTP proxy: request heads must complete within the handshake timeout', () => {
  const fx = listenerFixture({ handshakeTimeoutMs: 400 });
  const alice = ALICE;

  it('closes connections that send nothing, half a head, or a head one byte at a time', async () => {
    const starts = [
      '',
      `GET http://127.0.0.1:${fx.target.port}/hello HTTP/1.1\r\nHost: 127.0.0.1\r\n`,
      'CONNECT 127.0.0.1:1 HTTP/1.1\r\n',
      'GET http://127.0.0.1/ HT',
    ];
    const sockets = await Promise.all(
      starts.map(async (start) => {
        const socket = await connectTo(fx.gateway.httpPort);
        socket.on('error', () => undefined);
        if (start) socket.write(start);
        return socket;
      }),
    );
    const trickler = await connectTo(fx.gateway.httpPort);
    trickler.on('error', () => undefined);
    trickler.write('CONNECT 127.0.0.1:1 HTTP/1.1\r\nX-Slow: ');
    const trickle = setInterval(() => trickler.writable && trickler.write('a'), 50);
    try {
      // readAll resolves only when the gateway closes; nothing is answered to a head that never came.
      const answers = await Promise.all([...sockets, trickler].map((socket) => readAll(socket, 5000)));
      expect(answers.map((a) => a.toString())).toEqual(['', '', '', '', '']);
    } finally {
      clearInterval(trickle);
    }
  });

  it('serves a slow head that completes in time, and does not time out what follows it', async () => {
    const slow = await startGateway(fx.fake, { handshakeTimeoutMs: 1500 });
    try {
      const socket = await connectTo(slow.httpPort);
      socket.on('error', () => undefined);
      const head = `CONNECT 127.0.0.1:${fx.echo.port} HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${basic(alice.user, alice.pass)}\r\n\r\n`;
      const answer = readResponse(socket);
      // The client's pace, not a wait: the head arrives in pieces over time.
      for (let i = 0; i < head.length; i += 20) {
        socket.write(head.slice(i, i + 20));
        await sleep(25);
      }
      expect((await answer).status).toBe(200);
      // The tunnel outlives the handshake timeout: the head timer is off once the head is in.
      await handshakeTimeoutPassed(slow.httpPort);
      expect((await roundTrip(socket, Buffer.from('still here'))).toString()).toBe('still here');
      socket.destroy();
    } finally {
      await slow.close();
    }
  });

  it('lets a forwarded request take longer than the handshake timeout once its head is in', async () => {
    const socket = await connectTo(fx.gateway.httpPort);
    socket.on('error', () => undefined);
    socket.write(
      `POST http://127.0.0.1:${fx.target.port}/echo HTTP/1.1\r\nHost: x\r\n` +
        `Proxy-Authorization: ${basic(alice.user, alice.pass)}\r\nContent-Length: 10\r\nConnection: close\r\n\r\n`,
    );
    await handshakeTimeoutPassed(fx.gateway.httpPort); // in the middle of the body
    socket.write('0123456789');
    const answer = (await readAll(socket)).toString();
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('0123456789');
  });
});

/**
 * The keep-alive half of HeadDeadlines, on a plain Node server that keeps connections alive (the
 * proxy's own kept-alive connections are tested in keep-alive.test.ts). Node's own keep-alive and
 * header timers are off, so whatever closes these connections is HeadDeadlines.
 */
describe('HeadDeadlines between requests on a kept-alive connection', () => {
  async function startKeepAliveServer(limits: { handshakeTimeoutMs: number; keepAliveTimeoutMs: number }) {
    const deadlines = new HeadDeadlines(limits);
    const server: Server = createServer(
      { headersTimeout: 0, requestTimeout: 0 },
      (req: IncomingMessage, res: ServerResponse) => {
        deadlines.headReceived(req.socket, res);
        const delay = Number(/^\/slow\/(\d+)$/.exec(req.url ?? '')?.[1] ?? 0);
        setTimeout(() => res.end(`answer to ${req.url}`), delay);
      },
    );
    server.keepAliveTimeout = 0;
    server.on('connection', (socket) => deadlines.accepted(socket));
    return Object.assign(server, { port: await listenOn(server) });
  }
  const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;

  let quickIdle: Awaited<ReturnType<typeof startKeepAliveServer>>;
  let longIdle: Awaited<ReturnType<typeof startKeepAliveServer>>;
  beforeAll(async () => {
    quickIdle = await startKeepAliveServer({ handshakeTimeoutMs: 300, keepAliveTimeoutMs: 600 });
    longIdle = await startKeepAliveServer({ handshakeTimeoutMs: 300, keepAliveTimeoutMs: 60_000 });
  });
  afterAll(async () => {
    await Promise.all([closeServer(quickIdle), closeServer(longIdle)]);
  });

  it('closes a connection idle after its response for the keep-alive timeout', async () => {
    const socket = await connectTo(quickIdle.port);
    socket.write(get('/a'));
    const first = await readResponse(socket);
    expect([first.status, first.headers.connection, first.body.toString()]).toEqual([
      200,
      'keep-alive',
      'answer to /a',
    ]);
    await closed(socket, 5000);
  });

  it('waits longer than the handshake timeout for the next head, then serves it', async () => {
    const socket = await connectTo(longIdle.port);
    socket.write(get('/a'));
    expect((await readResponse(socket)).body.toString()).toBe('answer to /a');
    await handshakeTimeoutPassed(longIdle.port); // idling past the handshake timeout: allowed between requests
    socket.write(get('/b'));
    expect((await readResponse(socket)).body.toString()).toBe('answer to /b');
    socket.destroy();
  });

  it('gives a next head that has begun only the handshake timeout, not the keep-alive timeout', async () => {
    const socket = await connectTo(longIdle.port);
    socket.on('error', () => undefined);
    socket.write(get('/a'));
    expect((await readResponse(socket)).body.toString()).toBe('answer to /a');
    socket.write('GET /b HTTP/1.1\r\nHo');
    await closed(socket, 5000); // the keep-alive timeout here is a minute
  });

  it('keeps a connection whose pipelined requests are still being answered', async () => {
    const socket = await connectTo(longIdle.port);
    // The first answer takes longer than the handshake timeout; the second head is already in.
    socket.write(get('/slow/700') + get('/b'));
    expect((await readResponse(socket)).body.toString()).toBe('answer to /slow/700');
    expect((await readResponse(socket)).body.toString()).toBe('answer to /b');
    await handshakeTimeoutPassed(longIdle.port);
    socket.write(get('/c'));
    expect((await readResponse(socket)).body.toString()).toBe('answer to /c');
    socket.destroy();
  });
});

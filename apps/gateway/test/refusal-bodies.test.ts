import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ALICE, listenerFixture, shippedThrottle } from './listener-fixture';
import { refusalTexts } from '../src/refusal-texts';
import { basic, connectTo, httpConnect, readAll, readResponse, waitFor } from './clients';
import { closeServer, startEchoServer, startGateway } from './servers';

const RUSSIAN = 'ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7';

/** Sends `request` as is and reads the whole response by its Content-Length. */
async function ask(port: number, request: string) {
  const socket = await connectTo(port);
  socket.on('error', () => undefined);
  socket.write(request);
  const response = await readResponse(socket);
  socket.destroy();
  return { ...response, text: response.body.toString('utf8') };
}

/** Collects everything a raw client receives, and any socket error, until the gateway closes. */
function watch(socket: Socket) {
  const seen = { data: Buffer.alloc(0), error: undefined as NodeJS.ErrnoException | undefined };
  socket.on('data', (chunk: Buffer) => (seen.data = Buffer.concat([seen.data, chunk])));
  socket.on('error', (error) => (seen.error = error));
  const done = new Promise<typeof seen>((resolve) => socket.once('close', () => resolve(seen)));
  return { seen, done };
}

describe('HTTP refusals carry a text body in the client’s language', () => {
  const fx = listenerFixture();
  const alice = ALICE;

  const url = () => `http://127.0.0.1:${fx.target.port}/hello`;
  const get = (auth?: string, language?: string) =>
    `GET ${url()} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    (auth ? `Proxy-Authorization: ${auth}\r\n` : '') +
    (language ? `Accept-Language: ${language}\r\n` : '') +
    '\r\n';

  it('407: what to do (credentials or whitelist), in English by default and in Russian when asked', async () => {
    const english = await ask(fx.gateway.httpPort, get());
    expect(english.status).toBe(407);
    expect(english.headers).toMatchObject({
      'x-resiport-reason': 'auth_required',
      'proxy-authenticate': 'Basic realm="Resiport"',
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(Buffer.byteLength(english.text)),
      connection: 'close',
    });
    expect(english.text).toMatch(/username and password/);
    expect(english.text).toMatch(/whitelist/);

    const russian = await ask(fx.gateway.httpPort, get(basic(alice.user, 'wrong'), RUSSIAN));
    expect([russian.status, russian.headers['x-resiport-reason']]).toEqual([407, 'auth_failed']);
    expect(russian.headers['content-language']).toBe('ru');
    expect(russian.text).toBe(`${refusalTexts.auth_failed.ru}\n`);
    expect(russian.text).toMatch(/логин и пароль/);
    // Content-Length counts bytes: Cyrillic letters are two bytes each in UTF-8.
    expect(Number(russian.headers['content-length'])).toBe(Buffer.byteLength(russian.text, 'utf8'));
    expect(Number(russian.headers['content-length'])).toBeGreaterThan(russian.text.length);
  });

  it('402 (top up or allocate traffic), 403, 400 and 502 through both kinds of request', async () => {
    const empty = basic('emptyproxy01', 'Empty-pass.1');
    const noTraffic = await ask(fx.gateway.httpPort, get(empty, 'en-US,en;q=0.9'));
    expect([noTraffic.status, noTraffic.headers['x-resiport-reason']]).toEqual([402, 'no_traffic']);
    expect(noTraffic.text).toMatch(/top up/i);
    expect(noTraffic.text).toMatch(/allocate traffic/);
    expect(noTraffic.headers['proxy-authenticate']).toBeUndefined();

    const noTrafficRu = await httpConnect(
      fx.gateway.httpPort,
      `127.0.0.1:${fx.echo.port}`,
      empty,
      `Accept-Language: ${RUSSIAN}\r\n`,
    );
    expect(noTrafficRu.status).toBe(402);
    noTrafficRu.socket.unshift(noTrafficRu.rest);
    const ruBody = (await readAll(noTrafficRu.socket)).toString('utf8');
    expect(ruBody).toBe(`${refusalTexts.no_traffic.ru}\n`);
    expect(Number(noTrafficRu.header('Content-Length'))).toBe(Buffer.byteLength(ruBody));

    const disabled = await ask(fx.gateway.httpPort, get(basic('bobproxy0001', 'Bob-pass.1')));
    expect([disabled.status, disabled.headers['x-resiport-reason']]).toEqual([403, 'disabled']);
    expect(disabled.text).toMatch(/disabled/);

    const badRequest = await ask(
      fx.gateway.httpPort,
      'GET /origin-form HTTP/1.1\r\nHost: x\r\nAccept-Language: ru\r\n\r\n',
    );
    expect([badRequest.status, badRequest.headers['x-resiport-reason']]).toEqual([400, 'bad_request']);
    expect(badRequest.text).toBe(`${refusalTexts.bad_request.ru}\n`);

    const dead = await startEchoServer();
    await closeServer(dead);
    const refused = await ask(
      fx.gateway.httpPort,
      `CONNECT 127.0.0.1:${dead.port} HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${basic(alice.user, alice.pass)}\r\n\r\n`,
    );
    expect([refused.status, refused.headers['x-resiport-reason']]).toEqual([502, 'connection_refused']);
    expect(refused.text).toBe(`${refusalTexts.connection_refused['en-us']}\n`);
  });

  it('429 throttled: wait and retry', async () => {
    const strict = await startGateway(fx.fake, {
      authThrottle: { ...shippedThrottle(), pairFailures: 1, backoffMs: 60_000 },
    });
    try {
      await ask(strict.httpPort, get(basic(alice.user, 'guess')));
      const throttled = await ask(strict.httpPort, get(basic(alice.user, 'guess-again')));
      expect([throttled.status, throttled.headers['x-resiport-reason']]).toEqual([429, 'throttled']);
      expect(throttled.text).toMatch(/wait/);
      const throttledRu = await ask(strict.httpPort, get(basic(alice.user, 'guess-3'), 'ru'));
      expect(throttledRu.text).toMatch(/подождите/);
    } finally {
      await strict.close();
    }
  });

  it('Expect: 100-continue gets no 100 before the client is authenticated', async () => {
    const post = (auth?: string) =>
      `POST http://127.0.0.1:${fx.target.port}/echo HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      (auth ? `Proxy-Authorization: ${auth}\r\n` : '') +
      'Content-Length: 5\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n';

    for (const [auth, reason] of [
      [undefined, 'auth_required'],
      [basic(alice.user, 'wrong'), 'auth_failed'],
    ] as const) {
      const socket = await connectTo(fx.gateway.httpPort);
      const { done } = watch(socket);
      socket.write(post(auth)); // a client waiting for 100 before it sends the body
      const { data } = await done; // the gateway closes after its answer
      const answer = data.toString('utf8');
      expect(answer).toMatch(/^HTTP\/1\.1 407 /);
      expect(answer).not.toContain('100 Continue');
      expect(answer).toContain(`X-Resiport-Reason: ${reason}`);
      expect(answer.endsWith(`${refusalTexts[reason]['en-us']}\n`)).toBe(true);
    }

    const socket = await connectTo(fx.gateway.httpPort);
    const { seen, done } = watch(socket);
    socket.write(post(basic(alice.user, alice.pass)));
    await waitFor(() => seen.data.includes('\r\n\r\n'), 5000, 'an interim answer');
    expect(seen.data.toString()).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    socket.write('hello');
    const answer = (await done).data.toString('utf8');
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(answer.endsWith('hello') || answer.includes('\r\nhello\r\n')).toBe(true);
  });

  it('a refused request sent with its body at once reads the whole refusal, not a reset', async () => {
    const body = Buffer.alloc(512 * 1024, 0x62);
    const socket = await connectTo(fx.gateway.httpPort);
    const { done } = watch(socket);
    // As python-requests sends a POST: head and body in one go, no Expect, then it reads.
    socket.write(
      Buffer.concat([
        Buffer.from(
          `POST http://127.0.0.1:${fx.target.port}/echo HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Content-Type: application/octet-stream\r\nContent-Length: ${body.length}\r\n\r\n`,
        ),
        body,
      ]),
    );
    const { data, error } = await done;
    expect(error).toBeUndefined();
    const text = data.toString('utf8');
    const [head = '', received = ''] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 407 /);
    expect(head).toContain('X-Resiport-Reason: auth_required');
    expect(received).toBe(`${refusalTexts.auth_required['en-us']}\n`);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(received)}`);
  });

  it('a refused request whose body is still arriving gets the whole refusal and can finish sending', async () => {
    const socket = await connectTo(fx.gateway.httpPort);
    const { seen, done } = watch(socket);
    const chunk = Buffer.alloc(64 * 1024, 0x62);
    const pieces = 8;
    socket.write(
      `POST http://127.0.0.1:${fx.target.port}/echo HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Length: ${chunk.length * pieces}\r\n\r\n`,
    );
    socket.write(chunk);
    // The refusal is sent while most of the body is still to come: the rest goes only after it came,
    // for as long as the client's side is open (a Node socket ends its side once the gateway has
    // half-closed its own, as it does after the refusal).
    await waitFor(() => seen.data.includes('\r\n\r\n'), 5000, 'the refusal head');
    for (let i = 1; i < pieces && socket.writable; i++) socket.write(chunk);
    const { data, error } = await done;
    expect(error).toBeUndefined();
    const [head = '', received = ''] = data.toString('utf8').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 407 /);
    expect(received).toBe(`${refusalTexts.auth_required['en-us']}\n`);
  });

  it('stops draining a refused body that will not end (more than 1 MiB), and keeps serving', async () => {
    const socket = await connectTo(fx.gateway.httpPort);
    const { done } = watch(socket);
    socket.write(
      `POST http://127.0.0.1:${fx.target.port}/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000000\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x62);
    const flood = setInterval(() => socket.writable && socket.write(chunk), 5);
    try {
      await done; // the gateway closes it; the client would not stop on its own
    } finally {
      clearInterval(flood);
    }
    const ok = await httpConnect(
      fx.gateway.httpPort,
      `127.0.0.1:${fx.echo.port}`,
      basic(alice.user, alice.pass),
    );
    expect(ok.status).toBe(200);
    ok.socket.destroy();
  });
});

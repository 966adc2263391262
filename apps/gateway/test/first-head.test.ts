import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ALICE, listenerFixture } from './listener-fixture';
import { basic, connectTo, readAll, readHead, roundTrip } from './clients';

/**
 * The HTTP port reads a connection's first CONNECT head itself and gives every other connection to
 * node:http with the bytes it read (listen/connect-head.ts, decision 034). Byte by byte, split, with
 * early data, with heads the fast path refuses to read, and with bodies that arrive after the
 * hand-over: every case must behave as node:http alone did.
 */
/** The payload of a chunked body (RFC 9112 §7.1), without extensions or trailers. */
function unchunked(encoded: string): string {
  let payload = '';
  let at = 0;
  for (;;) {
    const lineEnd = encoded.indexOf('\r\n', at);
    const size = parseInt(encoded.slice(at, lineEnd), 16);
    if (!(size > 0)) return payload;
    payload += encoded.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

describe('the HTTP port’s first head', () => {
  // No test here is about the head deadline: one that meets it (a head sent a byte at a time on a
  // busy machine) would fail for the wrong reason, so it is far off.
  const fx = listenerFixture({ handshakeTimeoutMs: 60_000 });
  const auth = basic(ALICE.user, ALICE.pass);

  /**
   * Writes `text` in pieces, one packet each: `first` bytes, then `size` at a time. Each piece is
   * written once the previous one has left and the event loop has turned (the gateway, in this
   * process, reads between them), not after a pause: 130 pauses of 2 ms took over 5 s on a busy machine.
   */
  async function writeInPieces(socket: Socket, text: string, size: number, first = size) {
    socket.setNoDelay(true);
    for (let at = 0, piece = first; at < text.length; at += piece, piece = size) {
      await new Promise<void>((resolve) =>
        socket.write(text.slice(at, at + piece), () => setImmediate(resolve)),
      );
    }
  }

  /** Reads until `marker` has arrived; resolves with everything read (the socket paused after). */
  function readThrough(socket: Socket, marker: string): Promise<string> {
    return new Promise((resolve) => {
      let text = '';
      const onData = (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (!text.includes(marker)) return;
        socket.off('data', onData);
        socket.pause();
        resolve(text);
      };
      socket.on('data', onData);
      socket.resume();
    });
  }

  it('a CONNECT head sent one byte at a time opens the tunnel (node:http reads it once the method is known)', async () => {
    const socket = await connectTo(fx.gateway.httpPort);
    const target = `127.0.0.1:${fx.echo.port}`;
    const head = `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nProxy-Authorization: ${auth}\r\n\r\n`;
    const answered = readHead(socket, 30_000); // a hang guard: a busy machine takes seconds for 130 pieces
    await writeInPieces(socket, head, 1);
    expect((await answered).head).toBe('HTTP/1.1 200 Connection established');
    const payload = Buffer.from('after the head');
    expect((await roundTrip(socket, payload)).toString()).toBe('after the head');
    socket.destroy();
  });

  it('bytes sent with the head, in the same packet, reach the target first and in order', async () => {
    const socket = await connectTo(fx.gateway.httpPort);
    const target = `127.0.0.1:${fx.echo.port}`;
    const answered = readHead(socket);
    socket.write(`CONNECT ${target} HTTP/1.1\r\nProxy-Authorization: ${auth}\r\n\r\nearly-`);
    const { head, rest } = await answered;
    expect(head).toBe('HTTP/1.1 200 Connection established');
    const echoed = await roundTrip(socket, Buffer.from('late'), 'early-late'.length - rest.length);
    expect(Buffer.concat([rest, echoed]).toString()).toBe('early-late');
    socket.destroy();
  });

  it('a CONNECT the fast path leaves alone (two credentials) is node:http’s, and still tunnels', async () => {
    const socket = await connectTo(fx.gateway.httpPort);
    const target = `127.0.0.1:${fx.echo.port}`;
    const answered = readHead(socket);
    socket.write(
      `CONNECT ${target} HTTP/1.1\r\nProxy-Authorization: ${auth}\r\nProxy-Authorization: Basic eDp5\r\n\r\n`,
    );
    // node:http keeps the first of a duplicated Proxy-Authorization.
    expect((await answered).head).toBe('HTTP/1.1 200 Connection established');
    expect((await roundTrip(socket, Buffer.from('ok'))).toString()).toBe('ok');
    socket.destroy();
  });

  it('a malformed CONNECT gets node:http’s 400, and an oversized head its 431', async () => {
    const bad = await connectTo(fx.gateway.httpPort);
    const badAnswer = readAll(bad);
    bad.write('CONNECT a:1 HTTP/1.1\r\nHost : a\r\n\r\n');
    expect((await badAnswer).toString()).toMatch(/^HTTP\/1\.1 400 /);

    const big = await connectTo(fx.gateway.httpPort);
    const bigAnswer = readAll(big);
    big.write(`CONNECT a:1 HTTP/1.1\r\nX-Pad: ${'x'.repeat(20 * 1024)}\r\n\r\n`);
    expect((await bigAnswer).toString()).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('a CONNECT head with bare LF line ends is answered 400 at once, not at the head deadline', async () => {
    const socket = await connectTo(fx.gateway.httpPort);
    const answer = readAll(socket);
    socket.write(`CONNECT 127.0.0.1:${fx.echo.port} HTTP/1.1\nProxy-Authorization: ${auth}\n\n`);
    // The head deadline would close the connection without a word: a 400 is node:http's parser.
    expect((await answer).toString()).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('half a head and then the client’s FIN is answered 400; a FIN alone just closes', async () => {
    const half = await connectTo(fx.gateway.httpPort);
    const halfAnswer = readAll(half);
    half.end('CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: a');
    expect((await halfAnswer).toString()).toMatch(/^HTTP\/1\.1 400 /);

    const silent = await connectTo(fx.gateway.httpPort);
    const silentAnswer = readAll(silent);
    silent.end();
    expect((await silentAnswer).length).toBe(0);
  });

  it('a plain-HTTP request split before its method is decided, its body in later packets, arrives whole', async () => {
    const socket = await connectTo(fx.gateway.httpPort);
    const body = 'b'.repeat(3000);
    const request =
      `POST http://127.0.0.1:${fx.target.port}/echo HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${auth}\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    const answer = readAll(socket);
    // "PO" cannot be a CONNECT: the hand-over happens on the first packet; the rest follows in pieces.
    await writeInPieces(socket, request, 700, 2);
    const text = (await answer).toString();
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toContain('Transfer-Encoding: chunked');
    expect(unchunked(text.slice(text.indexOf('\r\n\r\n') + 4))).toBe(body);
  });

  it('pipelined plain-HTTP requests in the first packet are all answered, in order', async () => {
    const socket = await connectTo(fx.gateway.httpPort);
    const get = (path: string, last: boolean) =>
      `GET http://127.0.0.1:${fx.target.port}${path} HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${auth}\r\n` +
      (last ? 'Connection: close\r\n' : '') +
      '\r\n';
    const answer = readAll(socket);
    socket.write(get('/bytes/5', false) + get('/hello', false) + get('/bytes/3', true));
    const text = (await answer).toString();
    expect(text.match(/HTTP\/1\.1 200 /g)).toHaveLength(3);
    expect(text.indexOf('xxxxx')).toBeLessThan(text.indexOf('hello from target'));
    expect(text.endsWith('xxx')).toBe(true);
  });

  it('a CONNECT after a plain request on the same connection goes through node:http and tunnels', async () => {
    const socket = await connectTo(fx.gateway.httpPort);
    socket.write(
      `GET http://127.0.0.1:${fx.target.port}/bytes/4 HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${auth}\r\n\r\n`,
    );
    const first = await readThrough(socket, '\r\n\r\nxxxx');
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    const target = `127.0.0.1:${fx.echo.port}`;
    const answered = readHead(socket);
    socket.resume();
    socket.write(`CONNECT ${target} HTTP/1.1\r\nProxy-Authorization: ${auth}\r\n\r\n`);
    const { head, rest } = await answered;
    expect(head).toBe('HTTP/1.1 200 Connection established');
    expect(rest.length).toBe(0);
    expect((await roundTrip(socket, Buffer.from('second'))).toString()).toBe('second');
    socket.destroy();
  });
});

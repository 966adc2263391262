import { connect } from 'node:net';
import { INTERNAL_SECRET_HEADER, internalGatewayEndpoints } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

interface RawExchange {
  /** Everything the server wrote before it closed the connection. */
  received: string;
  /** Milliseconds from connecting to the server closing the connection. */
  closedAfterMs: number;
}

/**
 * What a raw client writes: `afterMs` after connecting (a client's own pace, e.g. a slowloris drip),
 * or as soon as what it received matches `afterReceived` (the next request once an answer is in).
 */
type RawChunk = { data: string } & ({ afterMs: number } | { afterReceived: RegExp });

/** Opens a TCP connection, writes `chunks` when each is due, reads until the server closes it. */
function rawExchange(port: number, chunks: RawChunk[] = []): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    const parts: Buffer[] = [];
    const write = (data: string) => {
      if (!socket.destroyed) socket.write(data);
    };
    const timers = chunks.flatMap((chunk) =>
      'afterMs' in chunk ? [setTimeout(() => write(chunk.data), chunk.afterMs)] : [],
    );
    const waiting = chunks.flatMap((chunk) => ('afterReceived' in chunk ? [chunk] : []));
    socket.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      const received = Buffer.concat(parts).toString();
      for (let next = waiting[0]; next?.afterReceived.test(received); next = waiting[0]) {
        waiting.shift();
        write(next.data);
      }
    });
    socket.on('error', () => undefined); // a reset after the answer still counts as closed
    socket.on('close', () => {
      timers.forEach(clearTimeout);
      resolve({ received: Buffer.concat(parts).toString(), closedAfterMs: Date.now() - started });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the connection open'));
    }, 15_000).unref();
  });
}

function bodyOf(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

const limits = { headersMs: 1000, requestMs: 5000, keepAliveMs: 500, checkEveryMs: 200, idleSocketMs: 8000 };
/** The test's bound: a deadline plus one checking interval, with a margin for a loaded machine. */
const BOUND_MS = 3000;

describe('connection hygiene on the API port (real sockets)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true, httpLimits: limits });
    port = Number(new URL(t.config.publicUrl).port);
  });
  afterAll(() => t.close());

  it('closes a connection that never sends anything', async () => {
    const { closedAfterMs } = await rawExchange(port);
    console.log(`idle connection closed after ${closedAfterMs} ms`);
    expect(closedAfterMs).toBeLessThan(BOUND_MS);
  });

  it('closes a connection whose head never completes (slowloris), answering with the envelope', async () => {
    const drip = [0, 300, 600, 900, 1200, 1500, 1800, 2100].map((afterMs, i) => ({
      afterMs,
      data: i === 0 ? 'GET /api/health/live HTTP/1.1\r\nHost: x\r\n' : `X-Drip-${i}: a\r\n`,
    }));
    const { received, closedAfterMs } = await rawExchange(port, drip);
    console.log(`half-sent head closed after ${closedAfterMs} ms`);
    expect(closedAfterMs).toBeLessThan(BOUND_MS);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(bodyOf(received)).toMatchObject({
      code: 10001,
      data: { fields: { _: 'The request took too long to arrive' } },
    });
  });

  it('closes a kept-alive connection once it has been idle for the keep-alive time-out', async () => {
    const request = 'GET /api/health/live HTTP/1.1\r\nHost: x\r\n\r\n';
    const { received, closedAfterMs } = await rawExchange(port, [
      { afterMs: 0, data: request },
      // The second request once the first answer is in: well within the keep-alive time-out.
      { afterReceived: /HTTP\/1\.1 200 OK/, data: request },
    ]);
    // Two answers on one connection, then it is closed after the keep-alive time-out.
    expect(received.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(received).toMatch(/keep-alive/i);
    expect(closedAfterMs).toBeLessThan(BOUND_MS);
  });

  it('a normal client reuses its kept-alive connection', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${t.config.publicUrl}/api/health/live`);
      expect(await response.json()).toMatchObject({ code: 0 });
    }
  });

  it('a gateway long poll held longer than the head deadline still gets its answer', async () => {
    const started = Date.now();
    const response = await fetch(
      `${t.config.publicUrl}/api${internalGatewayEndpoints.events.path}?after=999999999&wait_ms=2500`,
      { headers: { [INTERNAL_SECRET_HEADER]: t.ctx.internalSecret } },
    );
    expect(await response.json()).toMatchObject({ code: 0, data: { events: [] } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('a URL over 16 KB gets the envelope with a non-zero code, not a bare 431', async () => {
    const { received } = await rawExchange(port, [
      { afterMs: 0, data: `GET /api/auth/sublist?search=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n` },
    ]);
    expect(received).toMatch(/^HTTP\/1\.1 431/);
    expect(received).toMatch(/content-type: application\/json/i);
    expect(bodyOf(received)).toMatchObject({
      code: 10001,
      data: { fields: { _: 'The request is too large' } },
    });
  });

  it('a body over the limit gets the envelope with a non-zero code', async () => {
    const body = JSON.stringify({ email: 'a'.repeat(70_000) });
    const { received } = await rawExchange(port, [
      {
        afterMs: 0,
        data:
          'POST /api/account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `Accept-Language: ru\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      },
    ]);
    expect(received).toMatch(/^HTTP\/1\.1 413/);
    expect(bodyOf(received)).toMatchObject({
      code: 10001,
      data: { fields: { _: 'Слишком большой запрос' } },
    });
  });

  it('malformed HTTP gets the envelope too', async () => {
    const { received } = await rawExchange(port, [{ afterMs: 0, data: 'NOT-HTTP\0\r\n\r\n' }]);
    expect(received).toMatch(/^HTTP\/1\.1 400/);
    expect(bodyOf(received)).toMatchObject({ code: 10001 });
  });

  it('caps open connections at API_MAX_CONNECTIONS', () => {
    expect(t.app.server.maxConnections).toBe(t.config.apiMaxConnections);
    expect(t.config.apiMaxConnections).toBe(4096);
  });
});

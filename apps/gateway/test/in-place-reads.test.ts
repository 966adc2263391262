import { createHash, randomBytes } from 'node:crypto';
import { createServer as createHttpServer, get as httpGet } from 'node:http';
import { createServer, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { Exit } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { basic, httpConnect, socksConnect } from './clients';
import { startFakeServer, type FakeServer } from './fake-server';
import { closeServer, listenOn, startGateway, startUpstreamHttpProxy, startUpstreamSocks5 } from './servers';

const GB = 1_000_000_000;
const PAYLOAD = randomBytes(12 * 1024 * 1024);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Speaks first (a banner in the same breath as the tunnel's reply) and sends PAYLOAD as fast as it can. */
async function startPatternServer() {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end(PAYLOAD);
  });
  return Object.assign(server, { port: await listenOn(server) });
}

/** An origin answering every request with PAYLOAD (plain-HTTP forwarding reads it through shared buffers). */
async function startHttpPatternServer() {
  const server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-length': String(PAYLOAD.length) });
    res.end(PAYLOAD);
  });
  return Object.assign(server, { port: await listenOn(server) });
}

/**
 * Reads everything, stopping for a moment after every MiB, so the gateway's writes to it are left
 * pending while the upstream keeps sending: the case where a reused read buffer could be overwritten.
 */
function readSlowly(socket: Socket | Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let sinceBreak = 0;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      sinceBreak += chunk.length;
      if (sinceBreak < 1024 * 1024) return;
      sinceBreak = 0;
      socket.pause();
      void sleep(15).then(() => socket.resume());
    });
    socket.once('end', () => resolve(Buffer.concat(chunks)));
    socket.once('error', reject);
    socket.resume();
  });
}

/**
 * Bulky downloads are read into a buffer the upstream socket keeps and written to the client from it
 * in place (decision 032). Whatever the exit type and protocol, and however slowly the client reads,
 * the client gets exactly the bytes sent, in order, and the owner is billed for them.
 */
describe('downloads through reused read buffers', () => {
  let fake: FakeServer;
  let pattern: Awaited<ReturnType<typeof startPatternServer>>;
  let httpPattern: Awaited<ReturnType<typeof startHttpPatternServer>>;
  let httpUpstream: Awaited<ReturnType<typeof startUpstreamHttpProxy>>;
  let socksUpstream: Awaited<ReturnType<typeof startUpstreamSocks5>>;
  const gateways: Gateway[] = [];
  const user = { user: 'bulkproxy001', pass: 'Bulk-pass.1' };

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.addUser(user.user, user.pass, GB);
    pattern = await startPatternServer();
    httpPattern = await startHttpPatternServer();
    httpUpstream = await startUpstreamHttpProxy('bulk-http');
    socksUpstream = await startUpstreamSocks5('bulk-socks');
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await Promise.all([pattern, httpPattern, httpUpstream, socksUpstream].map((s) => closeServer(s)));
    await fake.close();
  });

  const exits = (): Record<string, Exit> => ({
    direct: { id: 'direct', type: 'direct', weight: 1 },
    'http upstream': { id: 'http-up', type: 'http', host: '127.0.0.1', port: httpUpstream.port, weight: 1 },
    'socks5 upstream': {
      id: 'socks-up',
      type: 'socks5',
      host: '127.0.0.1',
      port: socksUpstream.port,
      weight: 1,
    },
  });

  for (const exitName of ['direct', 'http upstream', 'socks5 upstream']) {
    it(`delivers 12 MiB intact to a slow reader, CONNECT and SOCKS5, through a ${exitName} exit`, async () => {
      const exit = exits()[exitName];
      if (!exit) throw new Error(exitName);
      const gateway = await startGateway(fake, { pool: { exits: [exit] } });
      gateways.push(gateway);

      const viaConnect = await httpConnect(
        gateway.httpPort,
        `127.0.0.1:${pattern.port}`,
        basic(user.user, user.pass),
      );
      expect(viaConnect.status).toBe(200);
      // The banner may have come with the reply: it is the payload's first bytes.
      viaConnect.socket.unshift(viaConnect.rest);
      const viaSocks = await socksConnect(gateway.socksPort, { host: '127.0.0.1', port: pattern.port }, user);
      expect(viaSocks.rep).toBe(0);

      const [first, second] = await Promise.all([readSlowly(viaConnect.socket), readSlowly(viaSocks.socket)]);
      for (const got of [first, second]) {
        expect(got.length).toBe(PAYLOAD.length);
        expect(sha(got)).toBe(sha(PAYLOAD));
      }
    });
  }

  it('delivers two plain-HTTP downloads at once intact to slow readers (young reads share one buffer)', async () => {
    const gateway = await startGateway(fake, {
      pool: { exits: [{ id: 'direct', type: 'direct', weight: 1 }] },
    });
    gateways.push(gateway);
    const download = () =>
      new Promise<Buffer>((resolve, reject) => {
        const request = httpGet(
          {
            host: '127.0.0.1',
            port: gateway.httpPort,
            path: `http://127.0.0.1:${httpPattern.port}/payload`,
            headers: { 'proxy-authorization': basic(user.user, user.pass) },
            agent: false,
          },
          (res) => {
            expect(res.statusCode).toBe(200);
            readSlowly(res).then(resolve, reject);
          },
        );
        request.on('error', reject);
      });
    const bodies = await Promise.all([download(), download()]);
    for (const body of bodies) {
      expect(body.length).toBe(PAYLOAD.length);
      expect(sha(body)).toBe(sha(PAYLOAD));
    }
  });
});

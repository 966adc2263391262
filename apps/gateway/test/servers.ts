import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { loadGatewayConfig, type GatewayConfig } from '../src/config';
import { createGateway, type Gateway, type GatewayDeps } from '../src/gateway';
import { silentLogger } from '../src/log';
import { readHead } from './clients';
import { TEST_SECRET, type FakeServer } from './fake-server';

/** Real servers on loopback for the gateway tests: targets, tiny upstream proxies, and the gateway itself. */

/** Listens on an ephemeral loopback port; answers the port. */
export async function listenOn(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export function closeServer(server: Server): Promise<void> {
  if ('closeAllConnections' in server) (server as { closeAllConnections: () => void }).closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Relays two sockets both ways, as a real proxy does: a half-close (end) travels through the pipes,
 * and a side that goes away (closed, reset, destroyed) takes the other with it. Pipes alone do not
 * carry a reset: when the gateway reset its side at a stop, the tunnel's other side stayed open, and
 * the echo server behind it never finished closing (an afterAll that hung until its timeout).
 */
function splice(client: Socket, upstream: Socket): void {
  client.pipe(upstream).pipe(client);
  client.once('close', () => upstream.destroy());
  upstream.once('close', () => client.destroy());
}

/** Echoes every byte; ends its side when the client ends (half-close). */
export async function startEchoServer() {
  const sockets = new Set<Socket>();
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
    socket.pipe(socket);
  });
  return Object.assign(server, { sockets, port: await listenOn(server) });
}

/** Streams `chunk` bytes every `intervalMs` to whoever connects (a steady download), until they go. */
export async function startFirehose(chunk = 64 * 1024, intervalMs = 10) {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    const data = Buffer.alloc(chunk, 0x61);
    const timer = setInterval(() => socket.writable && socket.write(data), intervalMs);
    socket.once('close', () => clearInterval(timer));
    socket.resume();
  });
  return Object.assign(server, { port: await listenOn(server) });
}

/** What the portal's proxy test fetches: the address the request came from, as JSON. */
export async function startIpEcho() {
  const server = createHttpServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ip: req.socket.remoteAddress, country: 'ZZ' }));
  });
  return Object.assign(server, { port: await listenOn(server) });
}

/** A source as fast as loopback allows: 64 KiB writes back to back, pausing only for backpressure. */
export async function startBlaster() {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.resume();
    blastInto(socket);
  });
  return Object.assign(server, { port: await listenOn(server) });
}

/** Writes `data` back to back for as long as the socket takes it, pausing only for backpressure. */
function blastInto(out: {
  writable: boolean;
  write(data: Buffer): boolean;
  on(event: 'drain', f: () => void): unknown;
}) {
  const data = Buffer.alloc(64 * 1024, 0x62);
  const blast = () => {
    while (out.writable && out.write(data));
  };
  out.on('drain', blast);
  blast();
}

/**
 * An origin: `/hello`, `/bytes/N` (N bytes of `x`), `POST /echo`, `/endless` (a chunked download as
 * fast as loopback allows, until the client goes) and `POST /sink` (reads any body, counts it in
 * `sunk`, answers its length); remembers request headers.
 */
export async function startHttpTarget() {
  const seen: IncomingHttpHeaders[] = [];
  const sunk = { bytes: 0 };
  const server = createHttpServer((req, res) => {
    seen.push(req.headers);
    res.on('error', () => undefined);
    if (req.url === '/endless') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return blastInto(res);
    }
    if (req.url === '/sink') {
      let length = 0;
      req.on('data', (chunk: Buffer) => {
        length += chunk.length;
        sunk.bytes += chunk.length;
      });
      req.on('error', () => undefined);
      return void req.on('end', () => {
        const text = String(length);
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': text.length }).end(text);
      });
    }
    const bytes = /^\/bytes\/(\d+)$/.exec(req.url ?? '');
    if (req.url === '/hello') {
      res.writeHead(200, {
        'content-type': 'text/plain',
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
      });
      res.end('hello from target');
    } else if (bytes) {
      res.writeHead(200, { 'content-length': bytes[1] });
      res.end('x'.repeat(Number(bytes[1])));
    } else if (req.url === '/echo') {
      res.writeHead(200);
      req.pipe(res);
    } else {
      res.writeHead(404).end();
    }
  });
  return Object.assign(server, { seen, sunk, port: await listenOn(server) });
}

/** A tiny upstream HTTP proxy (CONNECT only), optionally requiring credentials; counts what it relayed. */
export async function startUpstreamHttpProxy(name: string, auth?: { user: string; pass: string }) {
  const connects: string[] = [];
  /** The user name of every `Proxy-Authorization` received. */
  const users: string[] = [];
  const stats = { attempts: 0 };
  const server = createServer({ allowHalfOpen: true }, (client) => {
    client.on('error', () => undefined);
    void readHead(client).then(
      ({ head, rest }) => {
        stats.attempts++;
        const [line = '', ...headers] = head.split('\r\n');
        const target = /^CONNECT (\S+) HTTP\/1\.1$/.exec(line)?.[1];
        const given = headers.find((h) => h.toLowerCase().startsWith('proxy-authorization:'))?.split(': ')[1];
        const decoded = Buffer.from(given?.split(' ')[1] ?? '', 'base64').toString();
        if (given) users.push(decoded.slice(0, decoded.indexOf(':')));

        // A provider with the targeting grammar takes `USER-country-…` for its user USER.
        const user = decoded.slice(0, decoded.indexOf(':'));
        const userOk = user === auth?.user || user.startsWith(`${auth?.user}-`);
        if (auth && (!userOk || decoded.slice(user.length + 1) !== auth.pass)) {
          return client.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
        }
        const match = /^(.*):(\d+)$/.exec(target ?? '');
        if (!match) return client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
        const upstream = connect({
          host: match[1]?.replace(/^\[|\]$/g, ''),
          port: Number(match[2]),
          allowHalfOpen: true,
        });
        upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
        upstream.once('connect', () => {
          connects.push(target ?? '');
          client.write('HTTP/1.1 200 Connection established\r\n\r\n');
          upstream.write(rest);
          splice(client, upstream);
          client.resume();
        });
      },
      () => client.destroy(),
    );
  });
  return Object.assign(server, { name, connects, users, stats, port: await listenOn(server) });
}

/** A tiny upstream SOCKS5 server (CONNECT, optional username/password); counts what it relayed. */
export async function startUpstreamSocks5(name: string, auth?: { user: string; pass: string }) {
  const connects: string[] = [];
  const users: string[] = [];
  const server = createServer({ allowHalfOpen: true }, (client) => {
    client.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let stage: 'greeting' | 'auth' | 'request' = 'greeting';
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'greeting' && buffer.length >= 2 && buffer.length >= 2 + (buffer[1] ?? 0)) {
        const methods = [...buffer.subarray(2, 2 + (buffer[1] ?? 0))];
        buffer = buffer.subarray(2 + (buffer[1] ?? 0));
        const method = auth ? 0x02 : 0x00;
        client.write(Buffer.from([5, methods.includes(method) ? method : 0xff]));
        stage = auth ? 'auth' : 'request';
      }
      if (stage === 'auth' && buffer.length >= 2) {
        const ulen = buffer[1] ?? 0;
        if (buffer.length < 3 + ulen) return;
        const plen = buffer[2 + ulen] ?? 0;
        if (buffer.length < 3 + ulen + plen) return;
        const user = buffer.subarray(2, 2 + ulen).toString();
        const pass = buffer.subarray(3 + ulen, 3 + ulen + plen).toString();
        buffer = buffer.subarray(3 + ulen + plen);
        users.push(user);
        // A provider with the targeting grammar takes `USER-country-…` for its user USER.
        const good = (user === auth?.user || user.startsWith(`${auth?.user}-`)) && pass === auth?.pass;
        client.write(Buffer.from([1, good ? 0 : 1]));
        if (!good) return client.end();
        stage = 'request';
      }
      if (stage === 'request' && buffer.length >= 5) {
        const atyp = buffer[3];
        const addrLength = atyp === 1 ? 4 : atyp === 4 ? 16 : 1 + (buffer[4] ?? 0);
        if (buffer.length < 4 + addrLength + 2) return;
        const addr = buffer.subarray(4, 4 + addrLength);
        const host = atyp === 1 ? [...addr].join('.') : atyp === 3 ? addr.subarray(1).toString() : '::1';
        const port = buffer.readUInt16BE(4 + addrLength);
        const rest = buffer.subarray(4 + addrLength + 2);
        client.off('data', onData);
        const upstream = connect({ host, port, allowHalfOpen: true });
        upstream.on('error', () => client.end(Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0])));
        upstream.once('connect', () => {
          connects.push(`${host}:${port}`);
          client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
          upstream.write(rest);
          splice(client, upstream);
        });
      }
    };
    client.on('data', onData);
  });
  return Object.assign(server, { name, connects, users, port: await listenOn(server) });
}

/**
 * A gateway on ephemeral loopback ports wired to the fake server, with short timers for tests;
 * `deps.now` gives it a clock the test moves (what it remembers for a while, without waiting).
 */
export function startGateway(
  fake: FakeServer,
  overrides: Partial<GatewayConfig> = {},
  deps: Omit<GatewayDeps, 'log'> = {},
): Promise<Gateway> {
  const config = loadGatewayConfig(
    {},
    {
      internalSecret: TEST_SECRET,
      serverUrl: fake.url,
      host: '127.0.0.1',
      httpPort: 0,
      socksPort: 0,
      allowPrivate: true,
      meterTickMs: 200,
      flushMs: 200,
      eventsPollMs: 100,
      handshakeTimeoutMs: 2000,
      connectTimeoutMs: 2000,
      // The fake keeps a pool only when a test gives it one (`fake.pool`); by default tests bring theirs.
      poolFromServer: fake.pool !== undefined,
      ...overrides,
    },
  );
  return createGateway(config, { log: silentLogger, ...deps });
}

/** The gateway's own gauge of open tunnels (`/metrics`; start it with `metricsPort: 0`). */
export async function tunnelsOpen(gateway: Gateway): Promise<number> {
  if (gateway.metricsPort === undefined) throw new Error('the gateway serves no metrics');
  const text = await (await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`)).text();
  const line = /^resiport_gateway_tunnels_open (\d+)$/m.exec(text);
  if (!line) throw new Error('no tunnels_open gauge');
  return Number(line[1]);
}

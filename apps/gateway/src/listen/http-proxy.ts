import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as NetServer, type Socket } from 'node:net';
import type { Identity } from '../auth/authenticator';
import type { Refusal } from '../refusals';
import type { TunnelService } from '../tunnel/service';
import type { ConnectHead } from './connect-head';
import { handOver, readFirstHead } from './first-head';
import { basicCredential, endWith, isValidHost, parseAuthority, sourceIpOf, validPort } from './common';
import { ignoreError } from '../ignore-error';
import { HeadDeadlines } from './head-deadlines';
import { rawRefusal, rawResponse, refuseAndDrain } from './http-refusal';
import type { UnauthenticatedConnections } from './unauthenticated';

/**
 * The HTTP proxy listener: `CONNECT host:port` tunnels, and absolute-form requests
 * (`GET http://host/path`) forwarded with hop-by-hop headers and our credentials stripped.
 * Credentials come as Basic in `Proxy-Authorization`; without them only a whitelisted address
 * gets in. Every refusal carries a status, `X-Resiport-Reason` and a text body (http-refusal.ts).
 *
 * A connection that opens with a plain CONNECT head is read here without node:http (the common case,
 * and a short tunnel's cost is mostly set-up: decision 034); everything else is node:http's.
 */

/** Encoded once: every tunnel sends it (a Buffer write skips a string conversion per tunnel). */
const CONNECT_ESTABLISHED = Buffer.from('HTTP/1.1 200 Connection established\r\n\r\n', 'latin1');
const MAX_HEADER_BYTES = 16 * 1024;
/** A refused request's body is read and dropped up to this much before the connection goes. */
const MAX_DRAINED_BODY = 1024 * 1024;

export interface HttpProxyOptions {
  handshakeTimeoutMs: number;
  keepAliveTimeoutMs: number;
  unauthenticated: UnauthenticatedConnections;
}

/** What `forward` needs from the listener (the same for 'request' and 'checkContinue'). */
interface ForwardSteps {
  authenticate: (req: IncomingMessage) => Promise<Identity | Refusal>;
  refuse: (req: IncomingMessage, res: ServerResponse, reason: Refusal) => void;
  /** Runs once the client is authenticated: 'checkContinue' sends its 100 Continue here. */
  onAuthenticated?: () => void;
}

/** Headers that concern one hop only (RFC 9110 §7.6.1), plus whatever `Connection` names. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export function endToEndHeaders(raw: string[]): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === 'connection') {
      for (const token of (raw[i + 1] ?? '').split(',')) named.add(token.trim().toLowerCase());
    }
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] ?? '';
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named.has(lower)) continue;
    out.push(name, raw[i + 1] ?? '');
  }
  return out;
}

export function createHttpProxy(service: TunnelService, options: HttpProxyOptions): NetServer {
  const http = createServer({
    maxHeaderSize: MAX_HEADER_BYTES,
    // Slow-loris: head-deadlines.ts times every head itself (in the field Node's checker left idle and
    // half-sent heads open; decision 017), so Node's timers are off rather than racing it.
    headersTimeout: 0,
    requestTimeout: 0,
  });
  // HeadDeadlines closes idle kept-alive connections, so Node's own keep-alive timer is off.
  http.keepAliveTimeout = 0;
  const deadlines = new HeadDeadlines(options);
  const { unauthenticated } = options;

  const authenticate = async (socket: Socket, proxyAuthorization: string | undefined) => {
    const result = await service.authenticate(sourceIpOf(socket), basicCredential(proxyAuthorization));
    if (!result.ok) return result.reason;
    unauthenticated.authenticated(socket);
    return result.identity;
  };
  const authenticateRequest = (req: IncomingMessage) =>
    authenticate(req.socket, req.headers['proxy-authorization']);
  const refuse = (req: IncomingMessage, res: ServerResponse, reason: Refusal) =>
    refuseAndDrain(req, res, reason, { maxBytes: MAX_DRAINED_BODY, timeoutMs: options.handshakeTimeoutMs });

  const refuseTunnel = (head: ConnectHead, socket: Socket, reason: Refusal) => {
    service.refuse(reason);
    endWith(socket, rawRefusal(reason, head.acceptLanguage));
  };
  /** One CONNECT, from its head to the end of its tunnel; `early` is what the client sent after the head. */
  const tunnel = async (head: ConnectHead, socket: Socket, early: Buffer) => {
    deadlines.headReceived(socket);
    const destination = parseAuthority(head.authority);
    if (!destination) return refuseTunnel(head, socket, 'bad_request');
    // Not through `authenticate`: one promise fewer per tunnel (decision 034).
    const result = await service.authenticate(sourceIpOf(socket), basicCredential(head.proxyAuthorization));
    if (!result.ok) return refuseTunnel(head, socket, result.reason);
    unauthenticated.authenticated(socket);
    const connected = await service.connect(result.identity, destination);
    if (!connected.ok) return endWith(socket, rawRefusal(connected.reason, head.acceptLanguage));
    await service.relay(connected, socket, CONNECT_ESTABLISHED, early);
  };

  // The port's own listener: it counts and times every connection, and reads a first CONNECT head
  // itself (connect-head.ts); every other connection, with the bytes read so far, goes to `http`.
  const front = createTcpServer({ allowHalfOpen: true, noDelay: true }, (socket: Socket) => {
    socket.on('error', ignoreError);
    if (!unauthenticated.admit(socket)) {
      service.refuse('throttled');
      return void socket.destroy();
    }
    deadlines.accepted(socket);
    readFirstHead(socket, MAX_HEADER_BYTES, {
      connect: (head, early) => void tunnel(head, socket, early).catch(() => socket.destroy()),
      other: (received) => handOver(http, socket, received),
    });
  });

  // A CONNECT after other requests on a kept-alive connection, or one with a head the fast path
  // leaves to node:http.
  http.on('connect', (req: IncomingMessage, socket: Socket, early: Buffer) => {
    const head = {
      authority: req.url ?? '',
      proxyAuthorization: req.headers['proxy-authorization'],
      acceptLanguage: req.headers['accept-language'],
      end: 0,
    };
    tunnel(head, socket, early).catch(() => socket.destroy());
  });

  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    deadlines.headReceived(req.socket, res);
    // A request after a refusal on the same connection (it said `Connection: close`) gets nothing.
    if (req.socket.writableEnded) return void req.socket.destroy();
    const steps = { authenticate: authenticateRequest, refuse };
    inTurn(req.socket, () => forward(service, req, res, steps)).catch(() => res.destroy());
  });

  // `Expect: 100-continue`: Node would send 100 before anyone looked at the credentials, and the
  // client would send its whole body only to be refused. So 100 goes out once it is authenticated;
  // a refusal is the final answer instead, without 100.
  http.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    deadlines.headReceived(req.socket, res);
    if (req.socket.writableEnded) return void req.socket.destroy();
    const steps = { authenticate: authenticateRequest, refuse, onAuthenticated: () => res.writeContinue() };
    inTurn(req.socket, () => forward(service, req, res, steps)).catch(() => res.destroy());
  });

  http.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    if (error.code === 'ECONNRESET' || !socket.writable) socket.destroy();
    else endWith(socket, rawResponse(status, { 'Content-Length': '0', Connection: 'close' }));
  });
  return front;
}

/**
 * Exchanges on one kept-alive connection, one at a time: a pipelined request waits until the one
 * before it is answered, so the client socket's bytes are billed to one request's owner at a time.
 */
const turns = new WeakMap<Socket, Promise<void>>();
function inTurn(socket: Socket, exchange: () => Promise<void>): Promise<void> {
  const next = (turns.get(socket) ?? Promise.resolve()).then(exchange, exchange);
  turns.set(
    socket,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * An absolute-form request. The client connection stays open for more requests (to this or other
 * hosts), as squid does; each request is authenticated and billed on its own: its tunnel bills the
 * client socket from where the previous request's stopped until its response is done.
 */
async function forward(
  service: TunnelService,
  req: IncomingMessage,
  res: ServerResponse,
  steps: ForwardSteps,
): Promise<void> {
  const refuse = (reason: Refusal) => {
    service.refuse(reason);
    steps.refuse(req, res, reason);
  };
  let url: URL | undefined;
  try {
    url = new URL(req.url ?? '');
  } catch {
    url = undefined;
  }
  // Origin-form (`GET /`) is not for a proxy; https:// absolute-form needs CONNECT.
  const host = url?.hostname.replace(/^\[(.*)\]$/, '$1') ?? '';
  const port = url && (url.port === '' ? 80 : validPort(url.port));
  if (url?.protocol !== 'http:' || !isValidHost(host) || port === undefined) return refuse('bad_request');

  const identity = await steps.authenticate(req);
  if (typeof identity === 'string') return refuse(identity);
  steps.onAuthenticated?.();
  const connected = await service.connect(identity, { host, port });
  if (!connected.ok) return steps.refuse(req, res, connected.reason);
  const tunnel = service.track(connected, req.socket);
  if (!tunnel) return;
  const watch = service.watch(tunnel);
  const upstream = connected.upstream;
  const answered = new Promise<void>((resolve) => {
    res.once('close', () => {
      upstream.destroy();
      // Answered in full on a connection that stays: the next request is billed on its own.
      if (res.writableFinished && !req.socket.destroyed) service.finishExchange(tunnel, watch);
      resolve();
    });
  });

  // RFC 9112 §3.2.2: with an absolute-form target, Host is the target's, whatever the client sent.
  const headers = endToEndHeaders(req.rawHeaders).filter(
    (_, i, all) => all[i - (i % 2)]?.toLowerCase() !== 'host',
  );
  headers.push('Host', url.host, 'Connection', 'close');
  const outgoing = httpRequest({
    createConnection: () => upstream,
    method: req.method ?? 'GET',
    path: `${url.pathname}${url.search}`,
    headers,
    setHost: false,
  });
  // The socket came from an upstream handshake paused; the client parser is attached by now.
  outgoing.on('socket', (socket) => socket.resume());
  outgoing.on('response', (incoming) => {
    res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, endToEndHeaders(incoming.rawHeaders));
    incoming.pipe(res);
    incoming.on('error', () => res.destroy());
  });
  outgoing.on('error', () => {
    if (res.headersSent) res.destroy();
    else steps.refuse(req, res, 'unreachable');
  });
  req.pipe(outgoing);
  await answered;
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as NetServer, type Socket } from 'node:net';
import type { Refusal } from '../refusals';
import type { TunnelService } from '../tunnel/service';
import type { ConnectHead } from './connect-head';
import { handOver, readFirstHead } from './first-head';
import { basicCredential, endWith, parseAuthority, sourceIpOf } from './common';
import { forward, inTurn } from './http-forward';
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

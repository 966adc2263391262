import {
  createServer,
  request as httpRequest,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Identity } from '../auth/authenticator';
import { REASON_HEADER, refusals, type Refusal } from '../refusals';
import type { TunnelService } from '../tunnel/service';
import { basicCredential, endWith, isValidHost, parseAuthority, sourceIpOf, validPort } from './common';

/**
 * The HTTP proxy listener: `CONNECT host:port` tunnels, and absolute-form requests
 * (`GET http://host/path`) forwarded with hop-by-hop headers and our credentials stripped.
 * Credentials come as Basic in `Proxy-Authorization`; without them only a whitelisted address
 * gets in. Every refusal carries a status and `X-Resiport-Reason` (see refusals.ts).
 */

export const REALM = 'Resiport';
/** Encoded once: every tunnel sends it (a Buffer write skips a string conversion per tunnel). */
const CONNECT_ESTABLISHED = Buffer.from('HTTP/1.1 200 Connection established\r\n\r\n', 'latin1');
const MAX_HEADER_BYTES = 16 * 1024;

function refusalHeaders(reason: Refusal): Record<string, string> {
  const headers: Record<string, string> = {
    [REASON_HEADER]: reason,
    'Content-Length': '0',
    Connection: 'close',
  };
  if (refusals[reason].http === 407) headers['Proxy-Authenticate'] = `Basic realm="${REALM}"`;
  return headers;
}

function rawResponse(status: number, headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...lines, '', ''].join('\r\n');
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

export function createHttpProxy(service: TunnelService, options: { handshakeTimeoutMs: number }): Server {
  const server = createServer({
    maxHeaderSize: MAX_HEADER_BYTES,
    // Slow-loris: the whole request head must arrive within the handshake timeout.
    headersTimeout: options.handshakeTimeoutMs,
    requestTimeout: 0,
    connectionsCheckingInterval: Math.min(1000, options.handshakeTimeoutMs),
  });

  const authenticate = async (req: IncomingMessage): Promise<Identity | Refusal> => {
    const result = await service.authenticate(
      sourceIpOf(req.socket),
      basicCredential(req.headers['proxy-authorization']),
    );
    return result.ok ? result.identity : result.reason;
  };

  server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => undefined);
    const refuse = (reason: Refusal) => {
      service.refuse(reason);
      endWith(socket, rawResponse(refusals[reason].http, refusalHeaders(reason)));
    };
    void (async () => {
      const destination = parseAuthority(req.url);
      if (!destination) return refuse('bad_request');
      const identity = await authenticate(req);
      if (typeof identity === 'string') return refuse(identity);
      const connected = await service.connect(identity, destination);
      if (!connected.ok) {
        return endWith(
          socket,
          rawResponse(refusals[connected.reason].http, refusalHeaders(connected.reason)),
        );
      }
      await service.relay(connected, socket, CONNECT_ESTABLISHED, head);
    })().catch(() => socket.destroy());
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void forward(service, req, res, authenticate).catch(() => res.destroy());
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    if (error.code === 'ECONNRESET' || !socket.writable) socket.destroy();
    else endWith(socket, rawResponse(status, { 'Content-Length': '0', Connection: 'close' }));
  });
  return server;
}

/** An absolute-form request: one per client connection, so its client-socket bytes bill one owner. */
async function forward(
  service: TunnelService,
  req: IncomingMessage,
  res: ServerResponse,
  authenticate: (req: IncomingMessage) => Promise<Identity | Refusal>,
): Promise<void> {
  res.shouldKeepAlive = false;
  const refuse = (reason: Refusal) => {
    service.refuse(reason);
    res.writeHead(refusals[reason].http, refusalHeaders(reason)).end();
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

  const identity = await authenticate(req);
  if (typeof identity === 'string') return refuse(identity);
  const connected = await service.connect(identity, { host, port });
  if (!connected.ok) {
    res.writeHead(refusals[connected.reason].http, refusalHeaders(connected.reason)).end();
    return;
  }
  const tunnel = service.track(connected, req.socket);
  if (!tunnel) return;
  service.watch(tunnel);
  const upstream = connected.upstream;
  res.on('close', () => upstream.destroy());

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
    else res.writeHead(502, refusalHeaders('unreachable')).end();
  });
  req.pipe(outgoing);
}

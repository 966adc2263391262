import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Identity } from '../auth/authenticator';
import type { Refusal } from '../refusals';
import type { TunnelService } from '../tunnel/service';
import { isValidHost, validPort } from './common';

/**
 * Plain-HTTP forwarding (absolute-form `GET http://host/path`): the request goes to the exit with
 * hop-by-hop headers and our credentials stripped, the answer comes back the same way, and the bodies
 * move through the exchange's data path (tunnel/exchange.ts), which spends and holds like a tunnel's.
 */

/** What `forward` needs from the listener (the same for 'request' and 'checkContinue'). */
export interface ForwardSteps {
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

/**
 * Exchanges on one kept-alive connection, one at a time: a pipelined request waits until the one
 * before it is answered, so the client socket's bytes are billed to one request's owner at a time.
 */
const turns = new WeakMap<Socket, Promise<void>>();
export function inTurn(socket: Socket, exchange: () => Promise<void>): Promise<void> {
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
export async function forward(
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
  const exchange = service.exchange(tunnel, req, res);
  const upstream = connected.upstream;
  const answered = new Promise<void>((resolve) => {
    res.once('close', () => {
      upstream.destroy();
      // Answered in full on a connection that stays: the next request is billed on its own.
      if (res.writableFinished && !req.socket.destroyed) service.finishExchange(tunnel, exchange);
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
  outgoing.on('socket', () => exchange.upstreamReady());
  outgoing.on('response', (incoming) => exchange.answer(incoming, endToEndHeaders(incoming.rawHeaders)));
  outgoing.on('error', () => {
    if (res.headersSent) res.destroy();
    else steps.refuse(req, res, 'unreachable');
  });
  exchange.sendBody(outgoing);
  await answered;
}

import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { langFromAcceptLanguage } from '@resiport/contract';
import { refusalTexts } from '../refusal-texts';
import { REASON_HEADER, refusals, type Refusal } from '../refusals';

/**
 * How the HTTP proxy says no: the status and `X-Resiport-Reason` of refusals.ts, `Proxy-Authenticate`
 * on 407, and a short text body (refusal-texts.ts) in the client's language, so a person reading
 * curl's output or a scraper's log learns what to do. Always `Connection: close`.
 */

export const REALM = 'Resiport';

export interface HttpRefusal {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export function httpRefusal(reason: Refusal, acceptLanguage: string | undefined): HttpRefusal {
  const lang = langFromAcceptLanguage(acceptLanguage);
  const body = Buffer.from(`${refusalTexts[reason][lang]}\n`, 'utf8');
  const headers: Record<string, string> = {
    [REASON_HEADER]: reason,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Language': lang === 'ru' ? 'ru' : 'en',
    'Content-Length': String(body.length),
    Connection: 'close',
  };
  if (refusals[reason].http === 407) headers['Proxy-Authenticate'] = `Basic realm="${REALM}"`;
  return { status: refusals[reason].http, headers, body };
}

/** A whole response as bytes, for sockets no longer in the HTTP server's hands (CONNECT, parse errors). */
export function rawResponse(status: number, headers: Record<string, string>, body?: Buffer): Buffer {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  const head = Buffer.from(
    [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...lines, '', ''].join('\r\n'),
    'latin1',
  );
  return body ? Buffer.concat([head, body]) : head;
}

export function rawRefusal(reason: Refusal, acceptLanguage: string | undefined): Buffer {
  const { status, headers, body } = httpRefusal(reason, acceptLanguage);
  return rawResponse(status, headers, body);
}

/**
 * Refuses a request whose body may still be on its way (a POST sent head and body at once, or one
 * whose 100 Continue was already sent). Closing at once would reset the connection while the body
 * arrives, and the client would see "connection reset"/"broken pipe" instead of our answer. So the
 * answer goes out whole (its Content-Length tells the client where it ends), our side is half-closed,
 * and the body is read and thrown away until it ends — at most `maxBytes`, at most `timeoutMs` —
 * before the socket goes. The response is never `end()`ed: that would make Node close at once.
 */
export function refuseAndDrain(
  req: IncomingMessage,
  res: ServerResponse,
  reason: Refusal,
  limits: { maxBytes: number; timeoutMs: number },
): void {
  const socket = req.socket;
  const { status, headers, body } = httpRefusal(reason, req.headers['accept-language']);
  res.writeHead(status, headers);
  res.write(body);
  socket.end();

  const timer = setTimeout(() => socket.destroy(), limits.timeoutMs);
  socket.once('close', () => clearTimeout(timer));
  // The body is in, so nothing is left unread and closing cannot reset what the client reads.
  const closeWhenSent = () => {
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  if (req.readableEnded) return closeWhenSent();
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limits.maxBytes) socket.destroy();
  });
  req.once('end', closeWhenSent);
  req.resume();
}

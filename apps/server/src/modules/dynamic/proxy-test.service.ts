import type { Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { ServerLang } from '@resiport/contract';
import {
  connectHttpUpstream,
  connectSocks5Upstream,
  ConnectError,
  isRefusal,
  REASON_HEADER,
  refusalTexts,
} from '@resiport/gateway';
import type { AppContext } from '../../context';

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE = 64 * 1024;

export interface ProxyTestResult {
  ok: boolean;
  exit_ip: string | null;
  country: string | null;
  latency_ms: number | null;
  error: string | null;
  detail: string | null;
}

/**
 * The gateway's text for a refusal, as its HTTP refusal body words it (refusal-texts.ts). SOCKS5
 * carries no text, only a reply code, so both protocols take the words from the same table; a
 * failed SOCKS sign-in (`auth`) is the gateway's `auth_failed`.
 */
function refusalDetail(reason: string, lang: ServerLang): string | null {
  const refusal = reason === 'auth' ? 'auth_failed' : reason;
  return isRefusal(refusal) ? refusalTexts[refusal][lang] : null;
}

const failedIn =
  (lang: ServerLang) =>
  (error: string): ProxyTestResult => ({
    ok: false,
    exit_ip: null,
    country: null,
    latency_ms: null,
    error,
    detail: refusalDetail(error, lang),
  });

/** Reads a socket until it closes (bounded), for one small HTTP exchange. */
function readToEnd(socket: Socket): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_RESPONSE) socket.destroy(new Error('response too large'));
      else chunks.push(chunk);
    });
    socket.once('error', reject);
    // The answer is complete when the target ends it (a half-open tunnel never "closes" on its own).
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks));
    };
    socket.once('end', done);
    socket.once('close', done);
    socket.resume();
  });
}

/**
 * Why the gateway refused an HTTP CONNECT: the reason it names in its answer, else 407's
 * `auth_failed` or the status; `unreachable` when it did not answer at all.
 */
function httpRefusal(error: ConnectError): string {
  if (!error.answer) return error.kind === 'exit_failed' ? 'unreachable' : error.kind;
  const reason = new RegExp(`^${REASON_HEADER}:\\s*(\\S+)`, 'im').exec(error.answer.head)?.[1];
  return reason ?? (error.answer.status === 407 ? 'auth_failed' : `status_${error.answer.status}`);
}

/**
 * The portal's "test" button: one request to PROXY_TEST_URL through the gateway with the customer's
 * own line, so they see the exit address (and country) before using the list. The bytes count like
 * any other traffic of that line.
 */
export async function testProxyLine(
  ctx: AppContext,
  line: { protocol: 'http' | 'socks5'; username: string; password: string },
  lang: ServerLang,
): Promise<ProxyTestResult> {
  const failed = failedIn(lang);
  const { internalHost, httpPort, socksPort, testUrl } = ctx.config.gateway;
  const url = new URL(testUrl);
  const secure = url.protocol === 'https:';
  const port = Number(url.port || (secure ? 443 : 80));
  const started = Date.now();
  try {
    // The customer's line as an exit of this process: the gateway's own upstream connectors.
    const http = line.protocol === 'http';
    const connect = http ? connectHttpUpstream : connectSocks5Upstream;
    const tunnel = await connect(
      {
        id: 'portal-test',
        type: line.protocol,
        host: internalHost,
        port: http ? httpPort : socksPort,
        username: line.username,
        password: line.password,
        weight: 1,
      },
      { host: url.hostname, port },
      { timeoutMs: TIMEOUT_MS, allowPrivate: true },
    );
    tunnel.setTimeout(TIMEOUT_MS, () => tunnel.destroy(new Error('timeout')));
    const socket = secure ? tlsConnect({ socket: tunnel, servername: url.hostname }) : tunnel;
    socket.write(
      `GET ${url.pathname}${url.search} HTTP/1.0\r\nHost: ${url.host}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`,
    );
    const response = (await readToEnd(socket)).toString('utf8');
    const body = response.slice(response.indexOf('\r\n\r\n') + 4);
    const answer = JSON.parse(body) as { ip?: unknown; country?: unknown };
    if (typeof answer.ip !== 'string') return failed('unexpected_answer');
    return {
      ok: true,
      exit_ip: answer.ip,
      country: typeof answer.country === 'string' ? answer.country : null,
      latency_ms: Date.now() - started,
      error: null,
      detail: null,
    };
  } catch (error) {
    if (error instanceof ConnectError) {
      if (line.protocol === 'http') return failed(httpRefusal(error));
      return failed(error.kind === 'exit_failed' ? 'auth' : error.kind);
    }
    const message = (error as Error).message;
    return failed(/^[a-z_0-9]+$/.test(message) ? message : 'unreachable');
  }
}

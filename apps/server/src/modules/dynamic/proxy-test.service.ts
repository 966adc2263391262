import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { connectSocks5Upstream, ConnectError } from '@resiport/gateway';
import type { AppContext } from '../../context';

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE = 64 * 1024;

export interface ProxyTestResult {
  ok: boolean;
  exit_ip: string | null;
  country: string | null;
  latency_ms: number | null;
  error: string | null;
}

const failed = (error: string): ProxyTestResult => ({
  ok: false,
  exit_ip: null,
  country: null,
  latency_ms: null,
  error,
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

/** Reads an HTTP response head off a socket without consuming what follows it. */
function readHead(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.pause();
      const rest = buffer.subarray(end + 4);
      if (rest.length > 0) socket.unshift(rest);
      resolve(buffer.subarray(0, end).toString('latin1'));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('unreachable')));
  });
}

/** A CONNECT through the gateway's HTTP port; on refusal, the gateway's reason header (or the status). */
async function httpTunnel(host: string, port: number, target: string, auth: string): Promise<Socket> {
  const socket = netConnect({ host, port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nProxy-Authorization: Basic ${auth}\r\n\r\n`);
  const head = await readHead(socket);
  const status = Number(head.split(' ')[1]);
  if (status === 200) return socket;
  socket.destroy();
  const reason = /^x-resiport-reason:\s*(\S+)/im.exec(head)?.[1];
  throw new Error(reason ?? (status === 407 ? 'auth_failed' : `status_${status}`));
}

/**
 * The portal's "test" button: one request to PROXY_TEST_URL through the gateway with the customer's
 * own line, so they see the exit address (and country) before using the list. The bytes count like
 * any other traffic of that line.
 */
export async function testProxyLine(
  ctx: AppContext,
  line: { protocol: 'http' | 'socks5'; username: string; password: string },
): Promise<ProxyTestResult> {
  const { internalHost, httpPort, socksPort, testUrl } = ctx.config.gateway;
  const url = new URL(testUrl);
  const secure = url.protocol === 'https:';
  const port = Number(url.port || (secure ? 443 : 80));
  const started = Date.now();
  try {
    const tunnel =
      line.protocol === 'http'
        ? await httpTunnel(
            internalHost,
            httpPort,
            `${url.hostname}:${port}`,
            Buffer.from(`${line.username}:${line.password}`).toString('base64'),
          )
        : await connectSocks5Upstream(
            {
              id: 'portal-test',
              type: 'socks5',
              host: internalHost,
              port: socksPort,
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
    };
  } catch (error) {
    if (error instanceof ConnectError) return failed(error.kind === 'exit_failed' ? 'auth' : error.kind);
    const message = (error as Error).message;
    return failed(/^[a-z_0-9]+$/.test(message) ? message : 'unreachable');
  }
}

import { connect, type Socket } from 'node:net';
import { attempt, cpuOf, type Variant } from './gateway-measure';
import { keyOf } from './gateway-report';
import { printTable } from './table';

/**
 * Plain HTTP proxying with keep-alive: `connections` persistent connections to the proxy's HTTP port,
 * each sending absolute-form `GET http://127.0.0.1:<origin>/small HTTP/1.1` back to back (the next
 * once the previous answer is complete), with Basic `Proxy-Authorization` for the gateway. Requests
 * per second seen by the client and proxy CPU µs per request. Hand-rolled like proxy-clients.ts:
 * nothing between the socket and the count, and every answer is checked (200, body `ok`, kept open).
 * The bare pipe has no plain-HTTP mode: the gateway is compared with squid only.
 */

export interface KeepAliveSample {
  requests: number;
  seconds: number;
  cpuSeconds: number;
}

/**
 * Bytes the first complete response in `buffered` takes, or 0 while it is incomplete. Throws on
 * anything but a kept-alive `200` with the 2-byte body `ok` (Content-Length or chunked).
 */
function responseLength(buffered: Buffer): number {
  const end = buffered.indexOf('\r\n\r\n');
  if (end < 0) return 0;
  const head = buffered.toString('latin1', 0, end);
  if (!head.startsWith('HTTP/1.1 200 ')) throw new Error(`refused: ${head.split('\r\n')[0]}`);
  if (/\r\n(proxy-)?connection:\s*close/i.test(head)) throw new Error('answers with Connection: close');
  let at = end + 4;
  let body = 0;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  if (length !== undefined) {
    body = Number(length);
    at += body;
    if (buffered.length < at) return 0;
  } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    for (;;) {
      const lineEnd = buffered.indexOf('\r\n', at);
      if (lineEnd < 0) return 0;
      const size = parseInt(buffered.toString('latin1', at, lineEnd), 16);
      at = lineEnd + 2 + size + 2; // the last chunk is followed by an empty trailer line
      if (buffered.length < at) return 0;
      if (size === 0) break;
      body += size;
    }
  } else {
    throw new Error('answer without a length (would need a close)');
  }
  if (body !== 2) throw new Error(`GET /small answered with ${body} body bytes, not 2`);
  return at;
}

/** One persistent connection sending `count` requests one after another. */
async function connection(port: number, request: Buffer, count: number): Promise<void> {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return new Promise((resolve, reject) => {
    let buffered: Buffer = Buffer.alloc(0);
    let done = 0;
    const finish = (error?: Error) => {
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length > 0 ? Buffer.concat([buffered, chunk]) : chunk;
      try {
        for (let used = responseLength(buffered); used > 0; used = responseLength(buffered)) {
          buffered = buffered.subarray(used);
          if (++done === count) return finish();
          socket.write(request);
        }
      } catch (error) {
        finish(error as Error);
      }
    });
    socket.once('error', finish);
    socket.once('close', () => finish(new Error(`connection closed after ${done} of ${count} requests`)));
    socket.write(request);
  });
}

/** `requests` keep-alive requests over `connections` connections, after a warm-up; CPU from /proc. */
export async function keepAliveOnce(
  v: Variant,
  originPort: number,
  requests: number,
  connections = 64,
): Promise<KeepAliveSample> {
  const target = v.target;
  if (target?.protocol !== 'connect') throw new Error('keep-alive needs an HTTP proxy port');
  const c = target.credentials;
  const auth = c
    ? `Proxy-Authorization: Basic ${Buffer.from(`${c.user}:${c.pass}`).toString('base64')}\r\n`
    : '';
  const origin = `127.0.0.1:${originPort}`;
  const request = Buffer.from(`GET http://${origin}/small HTTP/1.1\r\nHost: ${origin}\r\n${auth}\r\n`);
  const perConnection = Math.max(1, Math.ceil(requests / connections));
  const run = (n: number) =>
    Promise.all(Array.from({ length: connections }, () => connection(target.port, request, n)));
  await run(Math.min(20, perConnection)); // JIT, auth cache and squid's server connections warmed
  const cpuBefore = cpuOf(v);
  const started = performance.now();
  await run(perConnection);
  const seconds = (performance.now() - started) / 1000;
  return { requests: perConnection * connections, seconds, cpuSeconds: cpuOf(v) - cpuBefore };
}

/** The CONNECT-port variants of the gateway and squid, `requests` each over `rounds` interleaved rounds. */
export async function keepAliveRounds(
  variants: Variant[],
  originPort: number,
  requests: number,
  rounds: number,
  into: Map<string, KeepAliveSample[]>,
): Promise<void> {
  const chosen = variants.filter(
    (v) => v.protocol === 'connect' && (v.family === 'gateway' || v.family === 'squid'),
  );
  const perRound = Math.ceil(requests / rounds);
  for (let round = 0; round < rounds && perRound > 0; round++) {
    for (const v of [...chosen.slice(round), ...chosen.slice(0, round)]) {
      if (round > 0 && !into.has(keyOf(v))) continue; // refused in an earlier round: said why there
      const sample = await attempt(v, 'plain HTTP keep-alive', () => keepAliveOnce(v, originPort, perRound));
      if (sample) into.set(keyOf(v), [...(into.get(keyOf(v)) ?? []), sample]);
    }
  }
}

const sum = (samples: KeepAliveSample[], field: keyof KeepAliveSample) =>
  samples.reduce((total, s) => total + s[field], 0);
const perSecond = (s: KeepAliveSample[]) => sum(s, 'requests') / sum(s, 'seconds');
const usPerRequest = (s: KeepAliveSample[]) => (sum(s, 'cpuSeconds') / sum(s, 'requests')) * 1e6;
const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** The keep-alive table (gateway processes, the gateway pooled, squid) and the gateway/squid ratios. */
export function printKeepAlive(results: Map<string, KeepAliveSample[]>, variants: Variant[]): void {
  const of = (family: string) =>
    variants
      .filter((v) => v.protocol === 'connect' && v.family === family)
      .flatMap((v) => results.get(keyOf(v)) ?? []);
  const rows: string[][] = [];
  for (const v of variants.filter((x) => x.protocol === 'connect' && x.family === 'gateway')) {
    const s = results.get(keyOf(v)) ?? [];
    rows.push([v.name, fixed(perSecond(s), 0), fixed(usPerRequest(s), 0)]);
  }
  const [gateway, squid] = [of('gateway'), of('squid')];
  rows.push(['gateway (pooled)', fixed(perSecond(gateway), 0), fixed(usPerRequest(gateway), 0)]);
  if (squid.length > 0) rows.push(['squid', fixed(perSecond(squid), 0), fixed(usPerRequest(squid), 0)]);
  const processes = variants.filter((v) => v.protocol === 'connect' && v.family === 'gateway').length;
  console.log(
    `\nPlain HTTP proxying with keep-alive: 64 persistent connections sending GET http://127.0.0.1:<origin>/small ` +
      `back to back, ${fixed(sum(gateway, 'requests') / processes, 0)} requests per process ` +
      '(the bare pipe has no plain-HTTP mode: squid only)',
  );
  printTable(['variant', 'requests/s', 'µs CPU/request'], rows);
  if (squid.length === 0) {
    console.log('HTTP    gateway/squid keep-alive: squid left out (see above), no comparison');
    return;
  }
  console.log(
    `HTTP    gateway/squid keep-alive requests/s: ×${fixed(perSecond(gateway) / perSecond(squid), 2)}, ` +
      `CPU per request: ×${fixed(usPerRequest(gateway) / usPerRequest(squid), 2)} (no goal: figures only)`,
  );
}

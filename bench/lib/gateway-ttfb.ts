import { attempt, type Variant } from './gateway-measure';
import { keyOf } from './gateway-report';
import { openTunnel } from './proxy-clients';

/**
 * Time to first byte through a fresh tunnel: from the client's connect() call (to the proxy, or to
 * the origin for `no proxy`) through the handshake to the first byte of the origin's answer to
 * `GET /small`, 64 tunnels in flight at a time. Each answer is read to its close and checked whole.
 */

/** Milliseconds to the first byte of one fresh tunnel's `GET /small`. */
async function ttfbOnce(v: Variant, originPort: number): Promise<number> {
  const started = performance.now();
  const socket = await openTunnel(originPort, v.target);
  return new Promise((resolve, reject) => {
    let first: number | undefined;
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      first ??= performance.now();
      chunks.push(chunk);
    });
    socket.once('error', reject);
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      if (first === undefined || !text.startsWith('HTTP/1.1 200') || !text.endsWith('\r\n\r\nok')) {
        reject(new Error(`${v.name} ${v.protocol}: bad answer to GET /small (${JSON.stringify(text)})`));
      } else {
        resolve(first - started);
      }
    });
    socket.write('GET /small HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n');
    socket.resume();
  });
}

/** `count` samples (ms), `concurrency` workers each opening its next tunnel as soon as one is done. */
export async function timeToFirstByte(v: Variant, originPort: number, count: number, concurrency = 64) {
  const run = async (n: number, samples: number[]) => {
    let started = 0;
    const worker = async () => {
      while (started < n) {
        started++;
        samples.push(await ttfbOnce(v, originPort));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  };
  await run(Math.min(100, count), []); // warm-up, not counted
  const samples: number[] = [];
  await run(count, samples);
  return samples;
}

/** `count` tunnels per variant, spread over `rounds` interleaved rounds (order rotated), pooled into `into`. */
export async function ttfbRounds(
  variants: Variant[],
  originPort: number,
  count: number,
  rounds: number,
  into: Map<string, number[]>,
): Promise<void> {
  const perRound = Math.ceil(count / rounds);
  for (let round = 0; round < rounds && perRound > 0; round++) {
    for (const v of [...variants.slice(round), ...variants.slice(0, round)]) {
      const samples = await attempt(v, 'time to first byte', () => timeToFirstByte(v, originPort, perRound));
      if (samples) into.set(keyOf(v), [...(into.get(keyOf(v)) ?? []), ...samples]);
    }
  }
}

import type { Socket } from 'node:net';
import { fetchOnce, openTunnel, type ProxyTarget } from './proxy-clients';
import { treeCpuSeconds, treePssBytes, treeRssBytes } from './proc';

/**
 * The tunnel measurements of the gateway bench (bulk, short, idle; time to first byte is in
 * gateway-ttfb.ts, plain HTTP keep-alive in gateway-keepalive.ts), each for one variant (a proxy
 * process × a protocol).
 * CPU and memory are read from /proc for the proxy's whole process tree, so forking peers (dante) are
 * charged for their children; a Node proxy is one process, where the tree is just itself.
 */

export interface Variant {
  /** Process name, e.g. `gateway-a`, `squid`; `no proxy` for the direct download. */
  name: string;
  family: 'direct' | 'gateway' | 'pipe' | 'squid' | 'dante';
  protocol: 'connect' | 'socks5';
  /** Absent for the direct download. */
  target?: ProxyTarget;
  pid?: number;
}

export const MB = 1_000_000;
export const GIB = 1024 ** 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU seconds of the variant's proxy process tree so far; 0 for the direct download. */
export const cpuOf = (v: Variant) => (v.pid === undefined ? 0 : treeCpuSeconds(v.pid));

/** Runs one measurement; a peer's failure is printed and skipped, a Node proxy's fails the bench. */
export async function attempt<T>(v: Variant, what: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (v.family !== 'squid' && v.family !== 'dante') throw error;
    console.log(`${v.name} ${what} failed, left out: ${String(error)}`);
    return undefined;
  }
}

/** One bulk download of `size` bytes: MB/s seen by the client, proxy CPU seconds per GiB relayed. */
export async function bulkOnce(v: Variant, originPort: number, size: number) {
  const cpuBefore = cpuOf(v);
  const started = performance.now();
  const got = await fetchOnce(originPort, '/big', v.target);
  const seconds = (performance.now() - started) / 1000;
  if (got < size) throw new Error(`${v.name} ${v.protocol}: short download (${got} of ${size} bytes)`);
  return { mbps: size / MB / seconds, cpuPerGib: (cpuOf(v) - cpuBefore) / (got / GIB) };
}

/**
 * Proxy CPU µs per short tunnel (handshake + `GET /small`), after a warm-up; 64 at a time, like a
 * typical set-up bench loop, so the proxy sees the batching a busy server does.
 */
export async function shortTunnelCpu(v: Variant, originPort: number, count: number, concurrency = 64) {
  const run = async (n: number) => {
    for (let done = 0; done < n; done += concurrency) {
      const batch = Math.min(concurrency, n - done);
      await Promise.all(Array.from({ length: batch }, () => fetchOnce(originPort, '/small', v.target)));
    }
  };
  // JIT (the gateway has more code to optimise than the pipe), pools and dante's children warmed before
  // we count: a gateway serves for days, so the steady state is what counts.
  await run(Math.min(1000, count));
  const cpuBefore = cpuOf(v);
  const started = performance.now();
  await run(count);
  const seconds = (performance.now() - started) / 1000;
  return { usPerTunnel: ((cpuOf(v) - cpuBefore) / count) * 1e6, perSecond: count / seconds };
}

/** Memory growth per idle tunnel with `count` held open at once (RSS, and PSS for forking peers). */
export async function idleTunnelMemory(v: Variant, originPort: number, count: number) {
  if (v.pid === undefined) throw new Error('idle tunnels need a proxy');
  const pid = v.pid;
  // A few tunnels first, so code compiled on first use is not counted as per-tunnel memory.
  await Promise.all(
    Array.from({ length: 20 }, () => openTunnel(originPort, v.target).then((s) => s.destroy())),
  );
  await sleep(500);
  const [rssBefore, pssBefore] = [treeRssBytes(pid), treePssBytes(pid)];
  const sockets: Socket[] = [];
  try {
    for (let opened = 0; opened < count; opened += 50) {
      const batch = Math.min(50, count - opened);
      const settled = await Promise.allSettled(
        Array.from({ length: batch }, () => openTunnel(originPort, v.target)),
      );
      for (const result of settled) {
        if (result.status === 'fulfilled') sockets.push(result.value.on('error', () => undefined));
      }
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason; // the opened ones close in `finally`
    }
    await sleep(1000); // let lazily grown buffers and forked children settle
    return {
      rssPerTunnel: (treeRssBytes(pid) - rssBefore) / count,
      pssPerTunnel: (treePssBytes(pid) - pssBefore) / count,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    await sleep(1000); // the proxy closes its upstream sides before the next variant starts
  }
}

import { startFakeServer, type FakeServer } from '../apps/gateway/test/fake-server';
import { printGatewayReport } from './lib/gateway-goals';
import { keepAliveRounds, printKeepAlive } from './lib/gateway-keepalive';
import {
  attempt,
  bulkOnce,
  GIB,
  idleTunnelMemory,
  MB,
  shortTunnelCpu,
  type Variant,
} from './lib/gateway-measure';
import { keyOf, type Results } from './lib/gateway-report';
import { ttfbRounds } from './lib/gateway-ttfb';
import { startGateway, startPipe, type NodeProxy } from './lib/node-proxies';
import { startDante, startSquid, type PeerProxy } from './lib/peer-proxies';
import { startOrigin } from './lib/origin';
import { openFilesLimit } from './lib/proc';

/**
 * `npm run bench -- gateway` (docs/performance.md): the gateway with auth, metering and leases on,
 * over HTTP CONNECT and SOCKS5, side by side in one run against a bare Node pipe proxy, Debian's squid
 * (CONNECT) and dante-server (SOCKS5), and no proxy at all. Two processes of each Node proxy (one Node
 * process can sit 20–40% off another for its whole life), interleaved rounds so machine noise hits
 * every variant alike (bulk and short tunnels). Prints MB/s and proxy CPU s/GiB for a bulk download, proxy CPU µs per short
 * tunnel and tunnels/s at 64 concurrent, RSS per idle tunnel, time to first byte (p50/p99) through a
 * fresh tunnel, requests/s and CPU µs per request for plain HTTP proxying with keep-alive (gateway vs
 * squid), and the goals of docs/performance.md as ratios with PASS/MISS.
 * Environment: BENCH_GATEWAY_MB (download in MB; default 1 GiB), BENCH_GATEWAY_IDLE (default 4000),
 * BENCH_GATEWAY_SHORT (short tunnels per variant; default 3000), BENCH_GATEWAY_TTFB (fresh tunnels
 * timed per variant, 64 at a time; default 2000; 0 skips), BENCH_GATEWAY_KEEPALIVE (plain HTTP
 * keep-alive requests per gateway process and for squid, over 64 connections; default 20000; 0 skips).
 */

const USER = 'benchuser00001';
const PASS = 'bench-pass-0001';
const ROUNDS = 3;

function settings() {
  const size = process.env.BENCH_GATEWAY_MB ? Number(process.env.BENCH_GATEWAY_MB) * MB : GIB;
  const short = Number(process.env.BENCH_GATEWAY_SHORT ?? 3000);
  const ttfb = Number(process.env.BENCH_GATEWAY_TTFB ?? 2000);
  const keepAlive = Number(process.env.BENCH_GATEWAY_KEEPALIVE ?? 20000);
  let idle = Number(process.env.BENCH_GATEWAY_IDLE ?? 4000);
  // Holding N tunnels takes 2N descriptors in the proxy (client and upstream side), N here and N in the
  // origin; node cannot raise its own limit, so scale down instead of failing halfway.
  const limit = openFilesLimit();
  if (limit < 2 * idle + 256) {
    idle = Math.max(0, Math.floor((limit - 256) / 2));
    console.log(`open files limit is ${limit} (ulimit -n): idle tunnels scaled down to ${idle}`);
  }
  return { size, short, idle, limit, ttfb, keepAlive };
}

function variantsOf(nodes: NodeProxy[], peers: PeerProxy[]): Variant[] {
  const credentials = { user: USER, pass: PASS };
  const variants: Variant[] = [{ name: 'no proxy', family: 'direct', protocol: 'connect' }];
  for (const protocol of ['connect', 'socks5'] as const) {
    for (const n of nodes) {
      const port = protocol === 'connect' ? n.connectPort : n.socksPort;
      const target = { protocol, port, ...(n.family === 'gateway' ? { credentials } : {}) };
      variants.push({ name: n.name, family: n.family, protocol, target, pid: n.pid });
    }
  }
  for (const p of peers) {
    const protocol = p.name === 'squid' ? 'connect' : 'socks5';
    variants.push({ name: p.name, family: p.name, protocol, target: { protocol, port: p.port }, pid: p.pid });
  }
  return variants;
}

/** Starts a gateway and a pipe per instance into `nodes`, one by one, so a failure leaves none untracked. */
async function startNodes(nodes: NodeProxy[], serverUrl: string, idle: number): Promise<void> {
  for (const instance of ['a', 'b']) {
    nodes.push(await startGateway(instance, serverUrl, idle));
    nodes.push(await startPipe(instance));
  }
}

/** Every variant once per round, the order rotated each round so none always follows the same one. */
async function bulkRounds(variants: Variant[], originPort: number, size: number, results: Results) {
  for (const v of variants.filter((x) => x.target !== undefined)) {
    await attempt(v, 'warm-up', () => bulkOnce(v, originPort, Math.min(size, 64 * MB)));
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const v of [...variants.slice(round), ...variants.slice(0, round)]) {
      const sample = await attempt(v, 'bulk', () => bulkOnce(v, originPort, size));
      if (!sample) continue;
      const entry = results.bulk.get(keyOf(v)) ?? { mbps: [], cpuPerGib: [] };
      entry.mbps.push(sample.mbps);
      if (v.pid !== undefined) entry.cpuPerGib.push(sample.cpuPerGib); // no proxy: nothing to charge
      results.bulk.set(keyOf(v), entry);
    }
  }
}

/** Short tunnels like bulk: every variant once per round, the order rotated each round. */
async function shortRounds(variants: Variant[], originPort: number, count: number, results: Results) {
  const proxied = variants.filter((x) => x.target !== undefined);
  for (let round = 0; round < ROUNDS; round++) {
    for (const v of [...proxied.slice(round), ...proxied.slice(0, round)]) {
      const sample = await attempt(v, 'short tunnels', () => shortTunnelCpu(v, originPort, count));
      if (sample) results.short.set(keyOf(v), [...(results.short.get(keyOf(v)) ?? []), sample]);
    }
  }
}

/**
 * A download through a sub-account that has never been used (its first lease is small and grows with
 * the pace, decision 015), against the same download by the warm bench user, on gateway-a, per round.
 */
async function freshRounds(
  variants: Variant[],
  fake: FakeServer,
  originPort: number,
  size: number,
): Promise<Map<string, { fresh: number[]; warm: number[] }>> {
  const figures = new Map<string, { fresh: number[]; warm: number[] }>();
  let serial = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const warm of variants.filter((v) => v.name === 'gateway-a' && v.target)) {
      const user = `benchfresh${String(++serial).padStart(4, '0')}`;
      fake.addUser(user, PASS, 1e13);
      const target = warm.target && { ...warm.target, credentials: { user, pass: PASS } };
      const fresh = { ...warm, name: 'gateway-a fresh', target };
      const entry = figures.get(warm.protocol) ?? { fresh: [], warm: [] };
      // Each goes first in every other round: the first download after a switch was often the slower.
      if (round % 2 === 1) entry.warm.push((await bulkOnce(warm, originPort, size)).mbps);
      entry.fresh.push((await bulkOnce(fresh, originPort, size)).mbps);
      if (round % 2 === 0) entry.warm.push((await bulkOnce(warm, originPort, size)).mbps);
      figures.set(warm.protocol, entry);
    }
  }
  return figures;
}

function printFresh(figures: Map<string, { fresh: number[]; warm: number[] }>): void {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log('\nFresh sub-account (first lease 1 MB, sized to the pace) vs the warm bench user, gateway-a:');
  for (const [protocol, { fresh, warm }] of figures) {
    const ratio = median(fresh) / median(warm);
    console.log(
      `${protocol.toUpperCase().padEnd(7)} fresh ${median(fresh).toFixed(0)} MB/s, warm ${median(warm).toFixed(0)} MB/s: ` +
        `×${ratio.toFixed(2)} (goal ≥ 0.95) ${ratio >= 0.95 ? 'PASS' : 'MISS'}`,
    );
  }
}

export async function runGatewayBench(): Promise<void> {
  const { size, short, idle, limit, ttfb, keepAlive } = settings();
  const fake = await startFakeServer();
  fake.addUser(USER, PASS, 1e15);
  const nodes: NodeProxy[] = [];
  const peers: PeerProxy[] = [];
  const stopNodes = async () => {
    for (const node of nodes.splice(0)) await node.stop();
  };
  let origin: Awaited<ReturnType<typeof startOrigin>> | undefined;
  try {
    origin = await startOrigin(size);
    const originPort = origin.port;
    await startNodes(nodes, fake.url, idle);
    const squid = await startSquid(limit);
    if (squid) peers.push(squid);
    const dante = await startDante();
    if (dante) peers.push(dante);
    const results: Results = {
      bulk: new Map(),
      short: new Map(),
      idle: new Map(),
      ttfb: new Map(),
      keepAlive: new Map(),
    };
    const sizeText = size === GIB ? '1 GiB' : `${(size / MB).toFixed(0)} MB`;
    console.log(
      `${sizeText} download and ${short} short tunnels (64 at a time) × ${ROUNDS} interleaved rounds, ` +
        `${idle} idle tunnels and ${ttfb} timed fresh tunnels (64 at a time) per variant; ${keepAlive} plain ` +
        'HTTP keep-alive requests per gateway process and squid; proxy CPU and RSS from /proc for its process tree.',
    );

    // Idle tunnels first, each protocol on fresh processes: a Node heap that has relayed traffic grows
    // and shrinks (GC, malloc trim) by more than 4,000 idle tunnels weigh, so later readings are noise.
    for (const protocol of idle > 0 ? (['connect', 'socks5'] as const) : []) {
      if (protocol === 'socks5') {
        await stopNodes();
        await startNodes(nodes, fake.url, idle);
      }
      for (const v of variantsOf(nodes, peers).filter((x) => x.target && x.protocol === protocol)) {
        const figures = await attempt(v, 'idle tunnels', () => idleTunnelMemory(v, originPort, idle));
        if (figures) results.idle.set(keyOf(v), figures);
      }
    }
    const variants = variantsOf(nodes, peers);
    await bulkRounds(variants, originPort, size, results);
    const fresh = await freshRounds(variants, fake, originPort, size);
    await shortRounds(variants, originPort, short, results);
    await ttfbRounds(variants, originPort, ttfb, ROUNDS, results.ttfb);
    await keepAliveRounds(variants, originPort, keepAlive, ROUNDS, results.keepAlive);

    printGatewayReport(results, variants, {
      squid: peers.some((p) => p.name === 'squid'),
      dante: peers.some((p) => p.name === 'dante'),
    });
    if (keepAlive > 0) printKeepAlive(results.keepAlive, variants);
    printFresh(fresh);
    console.log(
      '\nno proxy: the Node client straight to the Node origin (each its own process). ' +
        'gateway and pipe: 2 processes each, pooled; squid and dante: 1 each.',
    );
    if (peers.some((p) => p.name === 'dante')) {
      console.log(
        'dante hands clients between forked processes (negotiate, request, io children): its CPU is the tree ' +
          'plus the children it has reaped (children not yet reaped are missed); its memory is the RSS sum of ' +
          'the tree (shared pages counted per process).',
      );
    }
  } finally {
    await stopNodes().catch((error: unknown) => console.error(error));
    for (const peer of peers) await peer.stop().catch((error: unknown) => console.error(error));
    await origin?.stop();
    await fake.close();
  }
}

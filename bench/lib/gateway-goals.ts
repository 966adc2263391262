import type { Variant } from './gateway-measure';
import {
  figures,
  fixed,
  median,
  percentile,
  printProtocolTable,
  type Figures,
  type Results,
} from './gateway-report';

/**
 * The gateway bench's report: the tables, then the goals of docs/performance.md as ratios to the bare pipe and to
 * the C peer (squid for CONNECT, dante for SOCKS5) measured in the same run, each with PASS or MISS.
 * A "target" is the stretch aim beyond the goal; figures without a goal are printed side by side.
 */

type Direction = 'at least' | 'at most';

function verdict(value: number, goal: number, direction: Direction): string {
  if (!Number.isFinite(value)) return 'n/a';
  return (direction === 'at least' ? value >= goal : value <= goal) ? 'PASS' : 'MISS';
}

/** `CONNECT <what> gateway/<base>: ×1.02 (goal ≥ 0.95) PASS`. */
function ratioLine(label: string, what: string, base: string, ratio: number, goal: string): void {
  const [kind, sign, value] = goal.split(' ') as [string, '≥' | '≤', string];
  const result = verdict(ratio, Number(value), sign === '≥' ? 'at least' : 'at most');
  console.log(`${label} ${what} gateway/${base}: ×${fixed(ratio, 2)} (${kind} ${sign} ${value}) ${result}`);
}

function printGoals(results: Results, variants: Variant[], peers: Record<string, boolean>): void {
  const f = (protocol: Variant['protocol'], family: string) => figures(results, variants, protocol, family);
  const direct = f('connect', 'direct');
  for (const [protocol, peer] of [
    ['connect', 'squid'],
    ['socks5', 'dante'],
  ] as const) {
    const label = protocol === 'connect' ? 'CONNECT' : 'SOCKS5 ';
    const [gw, pipe, c] = [f(protocol, 'gateway'), f(protocol, 'pipe'), f(protocol, peer)];
    const hasPeer = peers[peer] === true;
    const mbps = (x: Figures) => median(x.mbps);
    const cpu = (x: Figures) => median(x.cpuPerGib);
    console.log('');
    if (!hasPeer) console.log(`${label} ${peer} skipped (not installed or did not start): no ${peer} goals`);

    ratioLine(label, 'throughput (MB/s)', 'pipe', mbps(gw) / mbps(pipe), 'goal ≥ 0.95');
    if (hasPeer) ratioLine(label, 'throughput (MB/s)', peer, mbps(gw) / mbps(c), 'goal ≥ 1.0');
    ratioLine(label, 'CPU per GiB', 'pipe', cpu(gw) / cpu(pipe), 'goal ≤ 1.15');
    if (hasPeer) ratioLine(label, 'CPU per GiB', peer, cpu(gw) / cpu(c), 'target ≤ 1.0');
    ratioLine(label, 'CPU per short tunnel', 'pipe', gw.usPerTunnel / pipe.usPerTunnel, 'goal ≤ 1.2');
    if (hasPeer) ratioLine(label, 'CPU per short tunnel', peer, gw.usPerTunnel / c.usPerTunnel, 'goal ≤ 1.0');

    const kb = gw.rssPerTunnel / 1000;
    const peerKb =
      peer === 'dante'
        ? `dante ${fixed(c.rssPerTunnel / 1000, 1)} (RSS sum of its processes; PSS ${fixed(c.pssPerTunnel / 1000, 1)})`
        : `squid ${fixed(c.rssPerTunnel / 1000, 1)}`;
    console.log(
      `${label} kB per idle tunnel gateway: ${fixed(kb, 1)} (goal ≤ 20) ${verdict(kb, 20, 'at most')}; ` +
        `pipe ${fixed(pipe.rssPerTunnel / 1000, 1)}, ${peerKb}`,
    );

    // Figures without a goal, side by side.
    const side = (value: (x: Figures) => string) =>
      `gateway ${value(gw)}, pipe ${value(pipe)}${hasPeer ? `, ${peer} ${value(c)}` : ''}`;
    console.log(`${label} MB/s: ${side((x) => fixed(mbps(x), 0))}, no proxy ${fixed(mbps(direct), 0)}`);
    console.log(`${label} µs CPU per short tunnel: ${side((x) => fixed(x.usPerTunnel, 0))}`);
    console.log(`${label} tunnels/s at 64 concurrent: ${side((x) => fixed(x.perSecond, 0))} (no goal)`);
    const ttfb = (x: Figures) => `${fixed(percentile(x.ttfb, 0.5), 2)}/${fixed(percentile(x.ttfb, 0.99), 2)}`;
    console.log(
      `${label} time to first byte p50/p99 ms: ${side(ttfb)}, no proxy ${ttfb(direct)} ` +
        `(no goal; ${gw.ttfb.length} gateway tunnels)`,
    );
  }
}

export function printGatewayReport(
  results: Results,
  variants: Variant[],
  peers: Record<string, boolean>,
): void {
  printProtocolTable(results, variants, 'connect');
  printProtocolTable(results, variants, 'socks5');
  printGoals(results, variants, peers);
}

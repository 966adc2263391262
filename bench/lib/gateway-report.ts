import type { Variant } from './gateway-measure';
import { printTable } from './table';

/**
 * Prints the gateway bench: one table per protocol, then the goal lines of the issue as ratios to
 * peers measured in the same run. Node families are pooled over their processes (all samples of
 * both instances), since one Node process can sit 20–40% off another for its whole life.
 */

export interface Results {
  bulk: Map<string, { mbps: number[]; cpuPerGib: number[] }>;
  short: Map<string, { usPerTunnel: number; perSecond: number }>;
  idle: Map<string, { rssPerTunnel: number; pssPerTunnel: number }>;
}

export const keyOf = (v: Pick<Variant, 'protocol' | 'name'>) => `${v.protocol}:${v.name}`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  if (sorted.length === 0) return NaN;
  return sorted.length % 2
    ? (sorted[Math.floor(mid)] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const spread = (values: number[], digits: number) =>
  values.length > 1
    ? `${fixed(median(values), digits)} (${fixed(Math.min(...values), digits)}–${fixed(Math.max(...values), digits)})`
    : fixed(median(values), digits);

interface Figures {
  mbps: number[];
  cpuPerGib: number[];
  usPerTunnel: number;
  perSecond: number;
  rssPerTunnel: number;
  pssPerTunnel: number;
}

/** A family's figures, pooled over the given variants (pass one variant for its own). */
function figures(
  results: Results,
  variants: Variant[],
  protocol: Variant['protocol'],
  family: string,
): Figures {
  // The direct download serves as `no proxy` in both tables.
  const members = variants.filter(
    (v) => v.family === family && (v.protocol === protocol || family === 'direct'),
  );
  const bulk = members.map((v) => results.bulk.get(keyOf(v)));
  const short = members.flatMap((v) => results.short.get(keyOf(v)) ?? []);
  const idle = members.flatMap((v) => results.idle.get(keyOf(v)) ?? []);
  return {
    mbps: bulk.flatMap((b) => b?.mbps ?? []),
    cpuPerGib: bulk.flatMap((b) => b?.cpuPerGib ?? []),
    usPerTunnel: mean(short.map((s) => s.usPerTunnel)),
    perSecond: mean(short.map((s) => s.perSecond)),
    rssPerTunnel: mean(idle.map((i) => i.rssPerTunnel)),
    pssPerTunnel: mean(idle.map((i) => i.pssPerTunnel)),
  };
}

function printProtocolTable(results: Results, variants: Variant[], protocol: Variant['protocol']): void {
  const direct = median(figures(results, variants, 'connect', 'direct').mbps);
  const row = (label: string, f: Figures) => [
    label,
    spread(f.mbps, 0),
    fixed(median(f.mbps) / direct, 2),
    spread(f.cpuPerGib, 2),
    fixed(f.usPerTunnel, 0),
    fixed(f.perSecond, 0),
    fixed(f.rssPerTunnel / 1000, 1),
  ];
  const rows: string[][] = [];
  const families = [...new Set(variants.map((v) => v.family))];
  for (const family of families) {
    const members = variants.filter(
      (v) => v.family === family && (v.protocol === protocol || family === 'direct'),
    );
    for (const v of members) rows.push(row(v.name, figures(results, [v], protocol, family)));
    if (members.length > 1) {
      rows.push(row(`${family} (pooled)`, figures(results, variants, protocol, family)));
    }
  }
  console.log(`\n${protocol === 'connect' ? 'HTTP CONNECT' : 'SOCKS5'}`);
  printTable(
    [
      'variant',
      'MB/s median (min–max)',
      '× no proxy',
      'CPU s/GiB median (min–max)',
      'µs CPU/tunnel',
      'tunnels/s',
      'kB RSS/idle',
    ],
    rows,
  );
}

export function printGatewayReport(
  results: Results,
  variants: Variant[],
  peers: Record<string, boolean>,
): void {
  printProtocolTable(results, variants, 'connect');
  printProtocolTable(results, variants, 'socks5');

  const verdict = (value: number, goal: number) =>
    Number.isFinite(value) ? (value <= goal ? 'PASS' : 'MISS') : 'n/a';
  const f = (protocol: Variant['protocol'], family: string) => figures(results, variants, protocol, family);
  console.log('');
  for (const [protocol, peer] of [
    ['connect', 'squid'],
    ['socks5', 'dante'],
  ] as const) {
    const label = protocol === 'connect' ? 'CONNECT' : 'SOCKS5 ';
    const [gw, pipe, c] = [f(protocol, 'gateway'), f(protocol, 'pipe'), f(protocol, peer)];
    const cpu = (x: Figures) => median(x.cpuPerGib);
    const vsPipe = cpu(gw) / cpu(pipe);
    console.log(
      `${label} gateway/pipe  CPU per GiB: ${fixed(vsPipe, 2)} (goal ≤ 1.2) ${verdict(vsPipe, 1.2)}`,
    );
    if (!peers[peer]) {
      console.log(`${label} gateway/${peer}: ${peer} skipped (not installed or did not start)`);
    } else {
      const vsPeer = cpu(gw) / cpu(c);
      console.log(
        `${label} gateway/${peer} CPU per GiB: ${fixed(vsPeer, 2)} (stretch ≤ 1.0) ${verdict(vsPeer, 1)}`,
      );
    }
    const us = gw.usPerTunnel;
    console.log(
      `${label} gateway µs CPU per short tunnel: ${fixed(us, 0)} (goal ≤ 150) ${verdict(us, 150)}; ` +
        `×${fixed(us / pipe.usPerTunnel, 2)} pipe, ×${fixed(us / c.usPerTunnel, 2)} ${peer}`,
    );
    const kb = gw.rssPerTunnel / 1000;
    const peerKb =
      peer === 'dante'
        ? `dante ${fixed(c.rssPerTunnel / 1000, 1)} (RSS sum of its processes; PSS ${fixed(c.pssPerTunnel / 1000, 1)})`
        : `squid ${fixed(c.rssPerTunnel / 1000, 1)}`;
    console.log(
      `${label} gateway kB per idle tunnel: ${fixed(kb, 1)} (goal ≤ 20) ${verdict(kb, 20)}; pipe ${fixed(pipe.rssPerTunnel / 1000, 1)}, ${peerKb}`,
    );
    const direct = median(f('connect', 'direct').mbps);
    console.log(
      `${label} gateway MB/s: ×${fixed(median(gw.mbps) / direct, 2)} no proxy, ×${fixed(median(gw.mbps) / median(pipe.mbps), 2)} pipe, ×${fixed(median(gw.mbps) / median(c.mbps), 2)} ${peer}`,
    );
  }
}

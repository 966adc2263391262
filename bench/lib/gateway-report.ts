import type { KeepAliveSample } from './gateway-keepalive';
import type { Variant } from './gateway-measure';
import { printTable } from './table';

/**
 * The gateway bench's figures and its tables, one per protocol (the goal lines are in
 * gateway-goals.ts, plain HTTP keep-alive in gateway-keepalive.ts). Node families are pooled over
 * their processes (all samples of both instances), since one Node process can sit 20–40% off another
 * for its whole life.
 */

export interface Results {
  bulk: Map<string, { mbps: number[]; cpuPerGib: number[] }>;
  /** One sample per round (interleaved like bulk: one sample per process swung by a third). */
  short: Map<string, { usPerTunnel: number; perSecond: number }[]>;
  idle: Map<string, { rssPerTunnel: number; pssPerTunnel: number }>;
  /** Time to first byte samples, ms. */
  ttfb: Map<string, number[]>;
  keepAlive: Map<string, KeepAliveSample[]>;
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
/** The `p` quantile (0–1) of `values` (nearest rank); NaN when empty. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
export const fixed = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : '-';
const spread = (values: number[], digits: number) =>
  values.length > 1
    ? `${fixed(median(values), digits)} (${fixed(Math.min(...values), digits)}–${fixed(Math.max(...values), digits)})`
    : fixed(median(values), digits);

export interface Figures {
  mbps: number[];
  cpuPerGib: number[];
  usPerTunnel: number;
  perSecond: number;
  rssPerTunnel: number;
  pssPerTunnel: number;
  ttfb: number[];
}

/** A family's figures, pooled over the given variants (pass one variant for its own). */
export function figures(
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
    usPerTunnel: median(short.map((s) => s.usPerTunnel)),
    perSecond: median(short.map((s) => s.perSecond)),
    rssPerTunnel: mean(idle.map((i) => i.rssPerTunnel)),
    pssPerTunnel: mean(idle.map((i) => i.pssPerTunnel)),
    ttfb: members.flatMap((v) => results.ttfb.get(keyOf(v)) ?? []),
  };
}

export function printProtocolTable(
  results: Results,
  variants: Variant[],
  protocol: Variant['protocol'],
): void {
  const direct = median(figures(results, variants, 'connect', 'direct').mbps);
  const row = (label: string, f: Figures) => [
    label,
    spread(f.mbps, 0),
    fixed(median(f.mbps) / direct, 2),
    spread(f.cpuPerGib, 2),
    fixed(f.usPerTunnel, 0),
    fixed(f.perSecond, 0),
    fixed(f.rssPerTunnel / 1000, 1),
    `${fixed(percentile(f.ttfb, 0.5), 2)} / ${fixed(percentile(f.ttfb, 0.99), 2)}`,
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
      'tunnels/s @64',
      'kB RSS/idle',
      'TTFB ms p50 / p99',
    ],
    rows,
  );
}

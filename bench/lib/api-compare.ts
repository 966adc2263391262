import { compareUnderLoad, type LoadPlan, type SideSummary, type Target } from './load';
import { printTable } from './table';

export const RATIO_GOAL = 0.8;

/** One API call and its floor: a bare route running the same SQL (baseline-app.ts). */
export interface RoutePair {
  name: string;
  route: Target;
  baseline: Target;
}

export interface PairResult {
  name: string;
  connections: number;
  route: SideSummary;
  baseline: SideSummary;
  ratio: number;
  pass: boolean;
}

/**
 * Loads each pair at each connection count, the route and its baseline alternating round by round
 * (load.ts), so both sides of a ratio see the same machine state; prints one table per connection
 * count with req/s, p50 and p99 of both sides and the ratio against the goal.
 */
export async function comparePairs(
  pairs: RoutePair[],
  connectionCounts: number[],
  plan: Omit<LoadPlan, 'connections'>,
): Promise<PairResult[]> {
  const results: PairResult[] = [];
  for (const connections of connectionCounts) {
    console.log(
      `\nload: ${connections} connections, warmup ${plan.warmupSeconds}s each, ` +
        `${plan.rounds} rounds × ${plan.roundSeconds}s alternating`,
    );
    const rows: PairResult[] = [];
    for (const pair of pairs) {
      const [route, baseline] = await compareUnderLoad(
        [pair.route, { ...pair.baseline, name: `${pair.name} baseline` }],
        { ...plan, connections },
      );
      if (!route || !baseline) throw new Error(`no result for ${pair.name}`);
      const ratio = baseline.requestsPerSecond > 0 ? route.requestsPerSecond / baseline.requestsPerSecond : 0;
      rows.push({ name: pair.name, connections, route, baseline, ratio, pass: ratio >= RATIO_GOAL });
    }
    printResults(rows);
    results.push(...rows);
  }
  return results;
}

function printResults(rows: PairResult[]): void {
  const connections = rows[0]?.connections ?? 0;
  console.log(`\n${connections} connections (route | bare baseline, same SQL):`);
  printTable(
    ['call', 'req/s', 'p50 ms', 'p99 ms', 'base req/s', 'base p50', 'base p99', 'ratio', 'errors', ''],
    rows.map((r) => [
      r.name,
      r.route.requestsPerSecond.toFixed(0),
      r.route.p50.toFixed(1),
      r.route.p99.toFixed(1),
      r.baseline.requestsPerSecond.toFixed(0),
      r.baseline.p50.toFixed(1),
      r.baseline.p99.toFixed(1),
      r.ratio.toFixed(2),
      String(r.route.errors + r.route.non2xx + r.baseline.errors + r.baseline.non2xx),
      `${r.pass ? 'PASS' : 'MISS'} (≥ ${RATIO_GOAL.toFixed(2)})`,
    ]),
  );
}

/** The closing summary: every pair at every connection count. */
export function printVerdict(results: PairResult[]): void {
  const missed = results.filter((r) => !r.pass);
  console.log(
    missed.length === 0
      ? `\nevery call ≥ ${RATIO_GOAL.toFixed(2)} of its baseline at every connection count: PASS`
      : `\nMISS: ${missed.map((r) => `${r.name} @${r.connections} (${r.ratio.toFixed(2)})`).join(', ')}`,
  );
}

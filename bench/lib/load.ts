import autocannon from 'autocannon';

export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

export interface SideSummary {
  name: string;
  requestsPerSecond: number;
  /** Request-weighted mean of each round's latency percentile, in ms. */
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadPlan {
  warmupSeconds: number;
  rounds: number;
  roundSeconds: number;
  connections: number;
}

export const defaultPlan: LoadPlan = { warmupSeconds: 3, rounds: 3, roundSeconds: 5, connections: 20 };

/**
 * Loads the targets one at a time, alternating, so both sides see the same machine state
 * (thermal, other load, database cache). Each round reverses the order to cancel drift.
 */
export async function compareUnderLoad(
  targets: Target[],
  plan: LoadPlan = defaultPlan,
): Promise<SideSummary[]> {
  for (const target of targets) await hit(target, plan.warmupSeconds, plan.connections);

  const results = new Map<string, autocannon.Result[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < plan.rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const result = await hit(target, plan.roundSeconds, plan.connections);
      results.get(target.name)?.push(result);
      process.stdout.write(
        `  round ${round + 1}/${plan.rounds} ${target.name}: ${Math.round(rate(result))} req/s\n`,
      );
    }
  }
  return targets.map((t) => summarize(t.name, results.get(t.name) ?? []));
}

function hit(target: Target, seconds: number, connections: number): Promise<autocannon.Result> {
  // One worker thread: the load generator must not share the servers' event loop, or its own
  // cost would be counted against both sides and squeeze the ratio towards 1.
  return autocannon({ url: target.url, headers: target.headers, duration: seconds, connections, workers: 1 });
}

const rate = (result: autocannon.Result) => result.requests.total / result.duration;

function summarize(name: string, rounds: autocannon.Result[]): SideSummary {
  const requests = rounds.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.duration, 0);
  const weighted = (pick: (r: autocannon.Result) => number) =>
    requests === 0 ? 0 : rounds.reduce((sum, r) => sum + pick(r) * r.requests.total, 0) / requests;
  return {
    name,
    requestsPerSecond: seconds === 0 ? 0 : requests / seconds,
    p50: weighted((r) => r.latency.p50),
    p99: weighted((r) => r.latency.p99),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

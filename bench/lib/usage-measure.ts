export interface LatencyTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Held to the latency goal (the baseline is not). */
  goal: boolean;
}

export interface Latency {
  name: string;
  goal: boolean;
  median: number;
  p95: number;
  bytes: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** One request, timed to the last byte of the body; fails loudly on anything but HTTP 200 with code 0. */
async function timed(target: LatencyTarget): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(target.url, { headers: target.headers });
  const body = await response.text();
  const ms = performance.now() - started;
  const json = response.headers.get('content-type')?.includes('json') ?? false;
  const code = json ? (JSON.parse(body) as { code?: unknown }).code : 0;
  if (response.status !== 200 || code !== 0) {
    throw new Error(`${target.name}: HTTP ${response.status} code ${String(code)}: ${body.slice(0, 200)}`);
  }
  return { ms, bytes: body.length };
}

/**
 * Sequential latency of each target (one request at a time: what one customer waits), interleaved
 * round by round — the order reversed every other round — so every target sees the same machine
 * and database-cache state. Warm-up rounds are not counted.
 */
export async function measureLatency(
  targets: LatencyTarget[],
  plan: { warmup: number; samples: number },
): Promise<Latency[]> {
  const times = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  const sizes = new Map<string, number>();
  for (let round = 0; round < plan.warmup + plan.samples; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const { ms, bytes } = await timed(target);
      sizes.set(target.name, bytes);
      if (round >= plan.warmup) times.get(target.name)?.push(ms);
    }
  }
  return targets.map((target) => {
    const sorted = [...(times.get(target.name) ?? [])].sort((a, b) => a - b);
    return {
      name: target.name,
      goal: target.goal,
      median: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      bytes: sizes.get(target.name) ?? 0,
    };
  });
}

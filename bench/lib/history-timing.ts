/** Timing of repeated reads for the history bench: a warm-up, then RUNS timed runs, sorted. */
const RUNS = 15;

export async function timed(read: () => Promise<unknown>): Promise<number[]> {
  await read(); // warm the cache and the plan
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await read();
    ms.push(performance.now() - started);
  }
  return ms.sort((a, b) => a - b);
}

export const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] ?? 0;
export const p90 = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.9)] ?? 0;
/** p50 and p90, aligned for the bench's tables. */
export const fmt = (sorted: number[]) =>
  `${median(sorted).toFixed(1).padStart(7)}  ${p90(sorted).toFixed(1).padStart(7)}`;

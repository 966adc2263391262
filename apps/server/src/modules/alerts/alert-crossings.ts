/**
 * When a threshold is crossed (decision 039), as pure arithmetic. A sub-account's thresholds are
 * percents of its traffic used; `done` is the highest one already alerted since the figure was last
 * below it, so each crossing alerts once and a sub-account that got more traffic alerts again.
 */

/** Whole percent of `allocated` that `used` is (floored; 100 only when nothing is left). */
export function percentUsed(used: bigint, allocated: bigint): number {
  if (allocated <= 0n) return 0;
  if (used >= allocated) return 100;
  return Number((used * 100n) / allocated);
}

/**
 * The thresholds to alert now that usage went from `before`% to `after`%, and the new `done`. If the
 * sub-account was below `done` before this usage (it got more traffic since), `done` first falls to
 * the highest threshold still reached, so crossing it again alerts again.
 */
export function percentsCrossed(
  thresholds: readonly number[],
  done: number,
  before: number,
  after: number,
): { alert: number[]; done: number } {
  let rearmed = done;
  if (before < done) rearmed = Math.max(0, ...thresholds.filter((p) => p <= before));
  const alert = thresholds.filter((p) => p > rearmed && p <= after);
  return { alert, done: Math.max(rearmed, ...alert) };
}

/**
 * A yes/no threshold (main account low or empty, balance low): alert when the condition starts to
 * hold; `alerted` follows the condition, so it alerts again only after it stopped holding.
 */
export function flagCrossed(holds: boolean, alerted: boolean): { alert: boolean; alerted: boolean } {
  return { alert: holds && !alerted, alerted: holds };
}

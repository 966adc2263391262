import type { ExitHealthReport, ExitUsage } from '@resiport/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { addExitTraffic, pruneExitHealth, saveExitHealth } from './exit-reports.repository';

/**
 * What gateways tell the server about exits (decision 030): each process's view of their health
 * (a state, so a repeated report changes nothing), and the bytes each carried, which arrive with
 * the usage batch and are applied once with it.
 */

/** Health rows of processes silent this long are deleted (a restarted process has a new id). */
const HEALTH_KEPT_MS = 86_400_000;
const PRUNE_EVERY_MS = 60_000;
let prunedAt = 0;

export async function recordExitHealth(
  ctx: AppContext,
  instanceId: string,
  reports: readonly ExitHealthReport[],
): Promise<number> {
  const now = ctx.clock();
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  // One row per exit, whatever the report repeats.
  const byExit = new Map(reports.map((report) => [report.exit_id, report]));
  const rows = [...byExit.values()].map((report) => ({
    exit_id: report.exit_id,
    instance_id: instanceId,
    consecutive_failures: report.consecutive_failures,
    last_error: report.last_error,
    last_error_at: report.error_age_ms === null ? null : at(-report.error_age_ms),
    resting_until: report.resting_ms > 0 ? at(report.resting_ms) : null,
    reported_at: now,
  }));
  await ctx.db.transaction().execute((trx) => saveExitHealth(trx, instanceId, rows));
  if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
    prunedAt = now.getTime();
    await pruneExitHealth(ctx.db, at(-HEALTH_KEPT_MS));
  }
  return rows.length;
}

/** Called in the usage batch's transaction, after its billing: the bytes count once, on its UTC day. */
export async function recordExitTraffic(
  trx: Executor,
  receivedAt: Date,
  exits: readonly ExitUsage[],
): Promise<void> {
  const carried = new Map<string, bigint>();
  for (const { exit_id: exitId, bytes } of exits) {
    carried.set(exitId, (carried.get(exitId) ?? 0n) + BigInt(bytes));
  }
  if (carried.size > 0) await addExitTraffic(trx, receivedAt.toISOString().slice(0, 10), carried);
}

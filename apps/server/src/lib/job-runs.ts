import type { AppContext } from '../context';
import type { JobRun } from '../modules/metrics/job-metrics';

/**
 * Wraps the runs of a leased job: the process metrics (job-metrics.ts) and, for the operator console,
 * the outcome beside the job's lease row, so every API process shows the same job health whichever
 * process ran it. A skipped tick (another process holds the lease) records nothing.
 */
export function jobTracker(ctx: AppContext, job: string): <T>(run: JobRun<T>) => Promise<T | undefined> {
  const track = ctx.metrics.jobs.tracker(job);
  return async (run) => {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const result = await track(run);
      if (result !== undefined) {
        await recordRun(ctx, job, { last_success_at: ctx.clock(), last_duration_ms: took() });
      }
      return result;
    } catch (error) {
      await recordRun(ctx, job, {
        last_failure_at: ctx.clock(),
        last_duration_ms: took(),
        last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      }).catch(() => undefined);
      throw error;
    }
  };
}

async function recordRun(
  ctx: AppContext,
  job: string,
  outcome: { last_success_at?: Date; last_failure_at?: Date; last_error?: string; last_duration_ms: number },
): Promise<void> {
  await ctx.db.updateTable('job_leases').set(outcome).where('name', '=', job).execute();
}

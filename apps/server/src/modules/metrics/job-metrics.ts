import { Counter, Gauge, type Registry } from 'prom-client';

/** One run of a periodic job: its result, or undefined when another process holds the job's lease. */
export type JobRun<T> = () => Promise<T | undefined>;

/**
 * Figures of the periodic jobs (reconciliation, lease reclaim), by job name. Each job runs in one
 * process at a time (a `job_leases` row), so on the others every tick is `skipped`: alert on the
 * newest last success across processes, not on one process's.
 */
export class JobMetrics {
  private readonly runs: Counter<'job'>;
  private readonly failures: Counter<'job'>;
  private readonly skipped: Counter<'job'>;
  private readonly lastSuccess: Gauge<'job'>;
  private readonly lastDuration: Gauge<'job'>;

  constructor(registry: Registry) {
    const registers = [registry];
    const labelNames = ['job'] as const;
    this.runs = new Counter({
      name: 'resiport_job_runs_total',
      help: 'Runs this process performed (it held the lease), failed ones included.',
      labelNames,
      registers,
    });
    this.failures = new Counter({
      name: 'resiport_job_failures_total',
      help: 'Runs that failed (threw).',
      labelNames,
      registers,
    });
    this.skipped = new Counter({
      name: 'resiport_job_skipped_total',
      help: 'Ticks skipped because another process holds the job lease.',
      labelNames,
      registers,
    });
    this.lastSuccess = new Gauge({
      name: 'resiport_job_last_success_timestamp_seconds',
      help: 'Unix time the last successful run ended (absent until one has).',
      labelNames,
      registers,
    });
    this.lastDuration = new Gauge({
      name: 'resiport_job_last_duration_seconds',
      help: 'How long the last run took, failed or not.',
      labelNames,
      registers,
    });
  }

  /**
   * Wraps the runs of `job`: counts, times and passes on their results and errors. Its counters
   * exist at 0 from here on, so rates are right from the first scrape.
   */
  tracker(job: string): <T>(run: JobRun<T>) => Promise<T | undefined> {
    for (const counter of [this.runs, this.failures, this.skipped]) counter.inc({ job }, 0);
    return async (run) => {
      const started = performance.now();
      const took = () => (performance.now() - started) / 1000;
      try {
        const result = await run();
        if (result === undefined) {
          this.skipped.inc({ job });
        } else {
          this.runs.inc({ job });
          this.lastSuccess.set({ job }, Date.now() / 1000);
          this.lastDuration.set({ job }, took());
        }
        return result;
      } catch (error) {
        this.runs.inc({ job });
        this.failures.inc({ job });
        this.lastDuration.set({ job }, took());
        throw error;
      }
    };
  }
}

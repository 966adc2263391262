/**
 * `job_leases`: which process runs a named background job until when (see job-lease.ts), and how
 * its last runs went (job-runs.ts), for the operator console's job health.
 */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: Date;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  /** The last failure's message (first 500 characters); never a secret, errors carry none. */
  last_error: string | null;
  last_duration_ms: number | null;
}

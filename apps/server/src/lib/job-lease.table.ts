/** `job_leases`: which process runs a named background job until when (see job-lease.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: Date;
}

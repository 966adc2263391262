/** `rate_limit_hits`: hits per bucket and fixed window (see rate-limit.repository.ts). */
export interface RateLimitHitsTable {
  bucket: string;
  window_start: Date;
  hits: number;
}

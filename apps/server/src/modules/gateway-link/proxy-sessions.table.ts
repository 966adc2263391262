/** `proxy_sessions` (migration 2026_11_23_1100): the current epoch of each sticky session. */
export interface ProxySessionsTable {
  account_id: number;
  /** 0 = the main account (whitelisted addresses). */
  subaccount_id: number;
  session_id: string;
  epoch: bigint;
  started_at: Date;
  expires_at: Date;
}

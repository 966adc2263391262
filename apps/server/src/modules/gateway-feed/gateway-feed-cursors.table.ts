/** `gateway_feed_cursors` (migration 2026_11_25_1000): the last change-feed event each gateway applied. */
export interface GatewayFeedCursorsTable {
  instance_id: string;
  event_id: number;
  /** When the process last asked for the feed (a process that stopped asking is not waited for). */
  seen_at: Date;
}

import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * The usage record (decision 014): which gateway batches were applied, and the counts they carried
 * rolled up per hour and per UTC day. Written in the batch's transaction (usage-record.service.ts),
 * read by `/traffic/*`.
 */

export interface UsageBatchesTable {
  batch_id: string;
  instance_id: string;
  received_at: Timestamp;
}

/** Usage per owner (sub-account id, or 0 = the main account) and source address, per hour of receipt. */
export interface UsageHourlyTable {
  account_id: number;
  subaccount_id: number;
  /** The whitelisted address main-account usage came from; '' for sub-accounts (and older gateways). */
  source_ip: Generated<string>;
  hour: Date;
  bytes_up: Generated<bigint>;
  bytes_down: Generated<bigint>;
  connections: Generated<bigint>;
}

/** The same counts per UTC day (the day of `usage_hourly.hour`), kept in the same transaction. */
export interface UsageDailyTable {
  account_id: number;
  subaccount_id: number;
  source_ip: Generated<string>;
  /**
   * Written as `YYYY-MM-DD`. Read it through SQL (`to_char`, `at time zone 'UTC'`), never raw: `pg`
   * turns a date into a Date at local midnight, PGlite at UTC midnight.
   */
  day: ColumnType<Date, string, string>;
  bytes_up: Generated<bigint>;
  bytes_down: Generated<bigint>;
  connections: Generated<bigint>;
}

/**
 * Bytes carried per UTC day, in stripes (a gateway adds to the stripe of its instance id, so batches of
 * different gateways do not queue on one row): the console overview's chart and windows, O(days).
 */
export interface UsageDayTotalsTable {
  day: ColumnType<Date, string, string>;
  stripe: number;
  bytes: Generated<bigint>;
}

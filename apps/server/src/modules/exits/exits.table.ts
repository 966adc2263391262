import type { ExitType } from '@resiport/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * `exits` (migration 2026_11_27_0940, decision 030): the exit pool, the source of truth for
 * gateways (routing) and the portal (locations). Seeded once from the pool file; never deleted
 * (disabled instead), so reports and audit rows always name a known exit.
 */
export interface ExitsTable {
  /** The stable name (`exitSchema.id`): sticky sessions hash it, so it never changes. */
  id: string;
  type: ExitType;
  host: string | null;
  port: number | null;
  username: string | null;
  /** The upstream password, sealed (lib/sealed-box.ts, `exitCredentialKey`). */
  password_sealed: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  state_ru: string | null;
  city_ru: string | null;
  forward_targeting: Generated<boolean>;
  weight: Generated<number>;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One gateway process's view of one exit, replaced by its every report. */
export interface ExitHealthTable {
  exit_id: string;
  instance_id: string;
  consecutive_failures: number;
  last_error: string | null;
  last_error_at: Date | null;
  resting_until: Date | null;
  reported_at: Date;
}

/** Bytes each exit carried (client-socket bytes, as billed) per UTC day of the usage batch's receipt. */
export interface ExitTrafficDailyTable {
  exit_id: string;
  /** Written as `YYYY-MM-DD`; read through SQL (`to_char`), never raw (see usage.table.ts). */
  day: ColumnType<Date, string, string>;
  bytes: ColumnType<bigint, bigint, bigint>;
}

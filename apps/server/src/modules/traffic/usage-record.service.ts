import { canonicalIp, type UsageEntry } from '@resiport/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import {
  addDayTotal,
  addUsageRollups,
  claimUsageBatch,
  markAccountsActive,
  type UsageCounts,
} from './usage-record.repository';

/**
 * The usage record (decision 014), kept by the gateway link's usage batches inside their own
 * transaction: a batch is claimed once, and its counts grow the hourly and daily rollups of the
 * hour (and UTC day) it is received in.
 */

export { claimUsageBatch };

const HOUR_MS = 3_600_000;

/**
 * Adds a batch's counts to the rollups of the hour it is received in (two upserts per 1000 rows), and
 * to the overview's kept figures (one upsert, one update of the accounts the batch holds locked).
 */
export async function recordUsage(
  trx: Transaction<Database>,
  batch: { instanceId: string; receivedAt: Date },
  entries: readonly UsageEntry[],
): Promise<void> {
  const hour = new Date(Math.floor(batch.receivedAt.getTime() / HOUR_MS) * HOUR_MS);
  const day = hour.toISOString().slice(0, 10);
  const rows = rollupRows(entries);
  await addUsageRollups(trx, { hour, day }, rows);
  // The overview's kept figures: the day's total, and which accounts were active (decision 046).
  const carrying = rows.filter((r) => r.up + r.down > 0n);
  await markAccountsActive(trx, day, [...new Set(carrying.map((r) => r.accountId))]);
  const bytes = carrying.reduce((sum, r) => sum + r.up + r.down, 0n);
  await addDayTotal(trx, { day, stripe: stripeOf(batch.instanceId) }, bytes);
}

/** Stripes of the day totals: a gateway always adds to the same one, and few gateways share one. */
const DAY_TOTAL_STRIPES = 16;

function stripeOf(instanceId: string): number {
  let hash = 0;
  for (const char of instanceId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % DAY_TOTAL_STRIPES;
}

/**
 * The batch's counts per owner and source address, one row each in the entries' order (the caller
 * passes them in lock order, so concurrent batches upsert rows in one order). The address is kept
 * only for main-account usage (whitelisted IPs), in canonical form; sub-accounts' is ''.
 */
function rollupRows(entries: readonly UsageEntry[]): UsageCounts[] {
  const rows = new Map<string, UsageCounts>();
  for (const entry of entries) {
    if (entry.bytes_up === 0 && entry.bytes_down === 0 && entry.connections === 0) continue;
    const subaccountId = entry.subaccount_id ?? 0;
    const sourceIp =
      entry.subaccount_id === null && entry.source_ip !== undefined
        ? (canonicalIp(entry.source_ip) ?? entry.source_ip)
        : '';
    const key = `${entry.account_id}/${subaccountId}/${sourceIp}`;
    const row = rows.get(key);
    if (row) {
      row.up += BigInt(entry.bytes_up);
      row.down += BigInt(entry.bytes_down);
      row.connections += BigInt(entry.connections);
    } else {
      rows.set(key, {
        accountId: entry.account_id,
        subaccountId,
        sourceIp,
        up: BigInt(entry.bytes_up),
        down: BigInt(entry.bytes_down),
        connections: BigInt(entry.connections),
      });
    }
  }
  return [...rows.values()];
}

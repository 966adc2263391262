import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database';
import { auditOverruns } from '../../apps/server/src/modules/gateway-link/overrun-audit';
import { auditLedger } from '../../apps/server/src/modules/ledger/ledger.service';
import type { SentBatch } from './capacity-protocol';

export interface Verdict {
  ok: boolean;
  lines: string[];
}

/**
 * After every gateway stopped (usage drained, leases returned): each batch the gateways sent is
 * applied at most once and every acknowledged one is applied (a batch whose answer never came may be
 * either — the server's `usage_batches` says which); the bytes billed and rolled up equal the bytes
 * of the applied batches; traffic is conserved; `npm run audit`'s checks pass.
 */
export async function verifyBilling(db: Db, sent: SentBatch[], seeded: bigint): Promise<Verdict> {
  const appliedIds = new Set(
    (
      await db.selectFrom('usage_batches').select('batch_id').where('instance_id', 'like', 'cap-%').execute()
    ).map((r) => r.batch_id),
  );
  const byId = new Map(sent.map((b) => [b.id, b]));
  const applied = sent.filter((b) => appliedIds.has(b.id));
  const appliedBytes = applied.reduce((sum, b) => sum + BigInt(b.bytes), 0n);
  const lost = sent.filter((b) => b.acked && !appliedIds.has(b.id)).length;
  const strangers = [...appliedIds].filter((id) => !byId.has(id)).length;
  const unanswered = sent.filter((b) => !b.acked);
  const { rows } = await sql<Record<string, string>>`
    select
      (select coalesce(sum(bytes_up + bytes_down), 0) from usage_hourly)::text as hourly,
      (select coalesce(sum(bytes_up + bytes_down), 0) from usage_daily)::text as daily,
      ((select coalesce(sum(traffic_used_bytes), 0) from accounts)
        + (select coalesce(sum(traffic_used_bytes), 0) from subaccounts))::text as used,
      ((select coalesce(sum(traffic_left_bytes), 0) from accounts)
        + (select coalesce(sum(traffic_left_bytes), 0) from subaccounts))::text as left,
      (select coalesce(sum(granted_bytes - used_bytes), 0) from traffic_leases where status = 'open')::text as open,
      (select count(*) from traffic_leases where status = 'open')::text as open_leases,
      (select coalesce(sum(bytes), 0) from traffic_overruns)::text as overrun`.execute(db);
  const n = (key: string) => BigInt(rows[0]?.[key] ?? '-1');
  const ledger = await auditLedger(db);
  const credit = await auditOverruns(db);
  const checks: [boolean, string][] = [
    [
      lost === 0 && strangers === 0,
      `${sent.length} batches sent, ${applied.length} applied once each; acknowledged but not applied: ${lost}; ` +
        `applied but never sent: ${strangers}; without an answer: ${unanswered.length} ` +
        `(of which applied: ${unanswered.filter((b) => appliedIds.has(b.id)).length})`,
    ],
    [
      n('hourly') === appliedBytes,
      `usage_hourly ${n('hourly')} B = bytes of the applied batches ${appliedBytes} B`,
    ],
    [n('daily') === appliedBytes, `usage_daily ${n('daily')} B = the same`],
    [
      n('used') + n('overrun') === appliedBytes,
      `billed (used ${n('used')} + overrun ${n('overrun')}) = the same`,
    ],
    [n('left') + n('used') + n('open') === seeded, `left + used + open leases = ${seeded} B put on`],
    [
      ledger.mismatches.length + ledger.brokenChains.length + credit.reservedMismatches.length === 0,
      `audit: ${ledger.entries} ledger entries, every balance and reserved counter matches`,
    ],
  ];
  const lines = checks.map(([ok, text]) => `${ok ? 'ok ' : 'FAIL'} ${text}`);
  // Gateways that could not give their leases back in time (the server too slow) leave them to expiry.
  if (n('open_leases') > 0n) {
    lines.push(`note: ${n('open_leases')} leases still open, left to expire (120 s)`);
  }
  return { ok: checks.every(([ok]) => ok), lines };
}

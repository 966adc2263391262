import { createServerClient, type UsageBatch } from '../../apps/gateway/src/server-client';
import type { SentBatch, SimOwner } from './capacity-protocol';

/**
 * One usage batch as a gateway with `owners` active owners sends it (the gateway's client, one
 * attempt), to see whether the API takes it whole: the contract allows 10,000 entries a batch, and
 * the reporter sends up to that many.
 */
export async function probeBodyLimit(
  serverUrl: string,
  secret: string,
  all: SimOwner[],
  owners: number,
): Promise<{ line: string; batch: SentBatch }> {
  const instanceId = 'cap-probe';
  const client = createServerClient({
    baseUrl: serverUrl,
    secret,
    instanceId,
    timeoutMs: 10_000,
    usageAttempts: 1,
  });
  const entries = all.slice(0, owners).map((o) => ({
    account_id: o.account_id,
    subaccount_id: o.subaccount_id,
    ...(o.subaccount_id === null && o.ip !== undefined ? { source_ip: o.ip } : {}),
    bytes_up: Math.round(o.bytesPerSecond / 10),
    bytes_down: o.bytesPerSecond - Math.round(o.bytesPerSecond / 10),
    connections: 4,
    tunnels: 2,
  }));
  const batch: UsageBatch = { batch_id: `${instanceId}:1`, instance_id: instanceId, entries };
  const body = JSON.stringify(batch).length;
  const bytes = entries.reduce((sum, e) => sum + e.bytes_up + e.bytes_down, 0);
  const fit = Math.floor((64 * 1024 * entries.length) / body);
  try {
    await client.usage(batch);
    return {
      line: `probe: one usage batch of ${entries.length} owners (${body} B of JSON) accepted`,
      batch: { id: batch.batch_id, bytes, acked: true },
    };
  } catch (error) {
    return {
      line:
        `PROBLEM: one usage batch of ${entries.length} owners (${body} B of JSON) refused: ${(error as Error).message}; ` +
        `a 64 KiB body limit would take about ${fit} entries, so a gateway with more active owners per flush ` +
        'could not report usage at all (the batch is retried under its id forever). Steps keep ≤ 500 owners a gateway.',
      batch: { id: batch.batch_id, bytes, acked: false },
    };
  }
}

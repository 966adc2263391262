import { CREDIT_OVERDRAW_BYTES_PER_TUNNEL } from '@resiport/contract';
import { billedOf, reportedOf, type InstanceBilling } from './billing-records';
import { check, detail, mb, step } from './report';
import type { RunRecord } from './scenario';
import type { Stack } from './stack';
import type { Tally } from './traffic-load';

/**
 * Billed but never sent, per tunnel of a SIGKILLed gateway: Node counts a socket's `bytesWritten`
 * when a chunk is handed to the socket, so bytes still queued in the dead process (the chunk in
 * libuv's write, one more the relay wrote after the socket said full, the 16 KiB high-water mark)
 * may have been billed and never reached the client. What was already in the kernel still arrives:
 * the kernel finishes sending a dead process's socket when nothing unread is left on it.
 */
const UNSENT_PER_TUNNEL = 2 * 65_536 + 16_384;

export interface ProcessFigures {
  tally: Tally;
  billing: InstanceBilling;
}

export interface TrafficFindings {
  processes: ProcessFigures[];
  /** The SIGKILLed gateway: delivered and never billed, and the bound that had to hold. */
  lost: { bytes: bigint; bound: bigint };
  /** Billed to the sub-account by every process. */
  billed: bigint;
}

/**
 * What the clients moved through each gateway process against what the server billed for it:
 * exact for the processes that stopped gracefully, within the lease bound for the one SIGKILLed.
 */
export async function checkTraffic(stack: Stack, run: RunRecord): Promise<TrafficFindings> {
  const { customer, load, killed } = run;
  step('traffic: what the clients moved through each gateway process against what the server billed');
  const processes: ProcessFigures[] = [];
  for (const tally of load.tallies.values()) {
    const billing = await stack.records.billing(customer.accountId, customer.sub.id, tally.instanceId);
    processes.push({ tally, billing });
    detail(
      `${tally.instanceId}: ${tally.tunnelled} tunnels (${tally.complete.http} CONNECT + ${tally.complete.socks5} SOCKS5 complete, ${tally.cut} cut), ` +
        `client moved ${mb(tally.movedBytes)}, billed ${mb(billedOf(billing))} in ${billing.batches} usage batches, ` +
        `overrun ${mb(billing.overrun)}, open leases ${billing.openLeases}`,
    );
    check(billing.overrun === 0n, `${tally.instanceId} reported ${billing.overrun} bytes past the traffic`);
    await checkBatchesOnce(stack, tally.instanceId);
    if (tally.instanceId === killed.instanceId) {
      check(
        tally.cut === killed.tunnelsAtKill && tally.failures.length === tally.cut,
        `the kill cut ${tally.cut} of ${killed.tunnelsAtKill} downloads; failures: ${tally.failures.join('; ')}`,
      );
      continue;
    }
    // A process that stopped gracefully metered and flushed every byte of its client sockets, and the
    // server applied each of its batches once: billed equals what the clients moved, to the byte.
    check(
      billedOf(billing) === BigInt(tally.movedBytes),
      `${tally.instanceId} billed ${billedOf(billing)}, clients moved ${tally.movedBytes}`,
    );
    check(billing.openLeases === 0, `${tally.instanceId} left ${billing.openLeases} leases open`);
    // Its clients saw no refusal and no cut, the API process's death included.
    check(tally.failures.length === 0, `${tally.instanceId}: failed downloads: ${tally.failures.join('; ')}`);
  }
  const lost = checkKilledProcess(processes, killed);

  const reported = processes.reduce((n, p) => n + reportedOf(p.billing), 0n);
  const rolledUp = await stack.records.rolledUp(customer.sub.id);
  check(rolledUp === reported, `usage rollups hold ${rolledUp} bytes, the batches reported ${reported}`);
  const tunnelled = processes.reduce((n, p) => n + p.tally.tunnelled, 0);
  check(
    stack.exit.tunnels() >= tunnelled,
    `the exit carried ${stack.exit.tunnels()} of ${tunnelled} tunnels`,
  );
  return { processes, lost, billed: processes.reduce((n, p) => n + billedOf(p.billing), 0n) };
}

/**
 * Each batch id is applied once (`usage_batches` is keyed by it), and a process numbers its batches
 * 1, 2, 3 …: applied without a gap, none was lost on the way either — a batch whose answer a killed
 * API process never sent is retried under its id and lands once.
 */
async function checkBatchesOnce(stack: Stack, instanceId: string): Promise<void> {
  const boots = await stack.records.batchSequences(instanceId);
  const seqs = [...boots.values()][0] ?? [];
  check(boots.size === 1, `${instanceId}: usage batches from ${boots.size} boots`);
  check(
    seqs.every((seq, i) => seq === i + 1),
    `${instanceId}: usage batches applied ${seqs.join(',')}, not 1…${seqs.length}`,
  );
}

/**
 * Decision 013: a crashed process loses at most its open lease. What it delivered and never reported
 * came out of the credit it held, so it is bounded by what its leases granted and no report used
 * (`granted − used`), plus one read buffer per tunnel it may spend past that credit (decision 015).
 * The other way, it may have billed what was still queued in it when it died (UNSENT_PER_TUNNEL).
 */
function checkKilledProcess(
  processes: ProcessFigures[],
  killed: RunRecord['killed'],
): TrafficFindings['lost'] {
  const figures = processes.find((p) => p.tally.instanceId === killed.instanceId);
  check(figures !== undefined, 'no downloads through the killed gateway');
  const bytes = BigInt(figures.tally.movedBytes) - reportedOf(figures.billing);
  const bound = figures.billing.unreported + BigInt(killed.tunnelsAtKill * CREDIT_OVERDRAW_BYTES_PER_TUNNEL);
  detail(
    `${killed.instanceId} (SIGKILLed with ${killed.tunnelsAtKill} tunnels open): delivered and never billed ${mb(bytes)}; ` +
      `bound ${mb(bound)} (its lease's unreported ${mb(figures.billing.unreported)} + ${killed.tunnelsAtKill} × 64 KiB)`,
  );
  check(bytes <= bound, `the killed gateway lost ${bytes} bytes, more than its bound ${bound}`);
  check(
    -bytes <= BigInt(killed.tunnelsAtKill * UNSENT_PER_TUNNEL),
    `the killed gateway billed ${-bytes} bytes more than its clients received`,
  );
  return { bytes, bound };
}

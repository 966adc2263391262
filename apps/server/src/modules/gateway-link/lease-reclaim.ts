import type { AppContext } from '../../context';
import { addSeconds } from '../../lib/clock';
import { randomToken } from '../../lib/crypto';
import { takeLease } from '../../lib/job-lease';
import { jobTracker } from '../../lib/job-runs';
import { expireDueSubaccounts } from '../subaccounts/subaccount-expiry.service';
import { reclaimExpiredLeases } from './lease.service';
import { forgetSilentGateways } from '../gateway-feed/voids-applied.service';

const JOB = 'reclaim-traffic-leases';

/**
 * Voids traffic leases of gateway processes that stopped renewing (crashed) every `everyMs`, in one
 * server process at a time; the unused bytes go back to their owners. The same tick returns the
 * traffic of sub-accounts whose last day is over (subaccount-expiry.service.ts), and forgets gateways
 * silent for a week (their rows would otherwise pile up in the console's list as offline).
 */
export function startLeaseReclaim(ctx: AppContext, everyMs = 30_000): () => void {
  const holder = `process-${process.pid}-${randomToken(6)}`;
  const track = jobTracker(ctx, JOB);
  const leaseSeconds = Math.ceil(everyMs / 1000) * 2;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    track(async () => {
      const now = ctx.clock();
      // undefined: another process holds the lease, this tick is skipped.
      if (!(await takeLease(ctx.db, JOB, holder, now, addSeconds(now, leaseSeconds)))) return undefined;
      const reclaimed = await reclaimExpiredLeases(ctx);
      if (reclaimed > 0) ctx.log.info({ reclaimed }, 'voided expired traffic leases');
      const expired = await expireDueSubaccounts(ctx);
      if (expired > 0) ctx.log.info({ expired }, 'returned the traffic of expired sub-accounts');
      const forgotten = await forgetSilentGateways(ctx);
      if (forgotten > 0) ctx.log.info({ forgotten }, 'forgot gateways silent for a week');
      return reclaimed + expired + forgotten;
    })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'lease reclaim failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

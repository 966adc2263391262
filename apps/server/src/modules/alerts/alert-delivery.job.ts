import type { AppContext } from '../../context';
import { jobTracker } from '../../lib/job-runs';
import { startDueDeliveries } from './alert-delivery.service';

/**
 * Sends due alert mails and webhooks every `everyMs` in every API process (each delivery is claimed
 * by one process, so they share the work; decision 039). A tick claims only what this process has
 * room for (startDueDeliveries counts every send under way) and does not wait for the sends: a slow
 * receiver holds one slot, never the queue.
 */
export function startAlertDelivery(
  ctx: AppContext,
  everyMs = ctx.config.alerts.deliveryIntervalMs,
): () => void {
  const track = jobTracker(ctx, 'deliver-alerts');
  let claiming = false;
  const timer = setInterval(() => {
    if (claiming) return;
    claiming = true;
    // A tick that found nothing due records nothing.
    track(async () => (await startDueDeliveries(ctx)).claimed || undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'alert delivery failed'))
      .finally(() => (claiming = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

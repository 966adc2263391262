import type { AppContext } from '../../context';
import { jobTracker } from '../../lib/job-runs';
import { deliverDueAlerts } from './alert-delivery.service';

/**
 * Sends due alert mails and webhooks every `everyMs` in every API process (each delivery is claimed
 * by one process, so they share the work; decision 039).
 */
export function startAlertDelivery(
  ctx: AppContext,
  everyMs = ctx.config.alerts.deliveryIntervalMs,
): () => void {
  const track = jobTracker(ctx, 'deliver-alerts');
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // A tick that found nothing due records nothing.
    track(async () => (await deliverDueAlerts(ctx)) || undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'alert delivery failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

import type { AppContext } from '../../context';
import { jobTracker } from '../../lib/job-runs';
import { sendDueMails } from './mail-queue.service';

/** Sends queued mails that are due (retries, and any a crashed process left) every `everyMs`, in every API process. */
export function startMailQueue(ctx: AppContext, everyMs = 15_000): () => void {
  const track = jobTracker(ctx, 'send-mails');
  let sending = false;
  const timer = setInterval(() => {
    if (sending) return;
    sending = true;
    track(async () => (await sendDueMails(ctx)) || undefined)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'sending queued mails failed'))
      .finally(() => (sending = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

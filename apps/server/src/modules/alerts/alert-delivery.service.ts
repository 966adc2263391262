import { WEBHOOK_SIGNATURE_HEADER } from '@resiport/contract';
import type { AppContext } from '../../context';
import { addSeconds } from '../../lib/clock';
import { unseal } from '../../lib/sealed-box';
import { alertMail } from './alert-mail';
import { claimDueDeliveries, finishDelivery, type ClaimedDelivery } from './alerts.repository';
import { postWebhook, webhookUrlProblem } from './webhook-post';
import { webhookSignature } from './webhook-signature';

/** Waits after the 1st, 2nd, … failed attempt; after the last one the delivery is `failed`. */
export const RETRY_AFTER_SECONDS = [10, 60, 300, 1800, 7200] as const;
export const WEBHOOK_TIMEOUT_MS = 5000;
/** How long one process holds what it claimed: well past the webhook timeout. */
const CLAIM_SECONDS = 60;
const BATCH = 20;
const KEPT_RESPONSE_CHARS = 500;

interface Outcome {
  ok: boolean;
  status: number | null;
  error: string | null;
  response: string | null;
}

/**
 * Sends the due alert deliveries, each on its own (a slow or failing webhook delays nothing else:
 * each has a timeout and its own retry schedule). Any number of API processes may run this at once:
 * a delivery is claimed by one of them. Answers how many were attempted.
 */
export async function deliverDueAlerts(ctx: AppContext): Promise<number> {
  const now = ctx.clock();
  const claimed = await claimDueDeliveries(ctx.db, now, addSeconds(now, CLAIM_SECONDS), BATCH);
  await Promise.all(
    claimed.map(async (delivery) => {
      const outcome = await attempt(ctx, delivery).catch((error: unknown): Outcome => ({
        ok: false,
        status: null,
        error: messageOf(error),
        response: null,
      }));
      const last = delivery.attempts > RETRY_AFTER_SECONDS.length;
      const retryAfter = RETRY_AFTER_SECONDS[delivery.attempts - 1] ?? 0;
      await finishDelivery(ctx.db, delivery.id, {
        status: outcome.ok ? 'sent' : last ? 'failed' : 'pending',
        nextAt: outcome.ok || last ? null : addSeconds(ctx.clock(), retryAfter),
        last_status: outcome.status,
        last_error: outcome.error,
        last_response: outcome.response,
      });
      if (!outcome.ok) {
        ctx.log.warn(
          {
            delivery: delivery.id,
            channel: delivery.channel,
            attempts: delivery.attempts,
            err: outcome.error,
          },
          'alert not delivered',
        );
      }
    }),
  );
  return claimed.length;
}

function attempt(ctx: AppContext, delivery: ClaimedDelivery): Promise<Outcome> {
  return delivery.channel === 'email' ? sendMail(ctx, delivery) : sendWebhook(ctx, delivery);
}

async function sendMail(ctx: AppContext, delivery: ClaimedDelivery): Promise<Outcome> {
  const mail = alertMail(
    delivery.lang,
    delivery.target,
    { kind: delivery.kind, data: delivery.data, subaccountId: delivery.subaccount_id },
    { app: ctx.config.appName, publicUrl: ctx.config.publicUrl },
  );
  await ctx.mailer.send(mail);
  return { ok: true, status: null, error: null, response: null };
}

/** The body a receiver gets: the same for every attempt, so `id` lets it ignore a repeat. */
export function webhookBody(delivery: ClaimedDelivery): string {
  return JSON.stringify({
    id: `evt_${delivery.event_id}`,
    type: delivery.kind,
    created_at: delivery.event_at.toISOString(),
    account_id: delivery.account_id,
    subaccount_id: delivery.subaccount_id,
    data: delivery.data,
  });
}

async function sendWebhook(ctx: AppContext, delivery: ClaimedDelivery): Promise<Outcome> {
  if (!delivery.webhook_secret_sealed) return failure('no signing secret');
  const { allowPrivateWebhooks } = ctx.config.alerts;
  const refused = webhookUrlProblem(delivery.target, allowPrivateWebhooks);
  if (refused) return failure(refused);
  const body = webhookBody(delivery);
  const secret = unseal(ctx.webhookSecretKey, delivery.webhook_secret_sealed);
  const answer = await postWebhook(delivery.target, body, {
    headers: {
      'content-type': 'application/json',
      'user-agent': `${ctx.config.appName}-Webhooks/1`,
      [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, body, Math.floor(Date.now() / 1000)),
      'x-resiport-event': delivery.kind,
      'x-resiport-delivery': String(delivery.id),
    },
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    allowPrivate: allowPrivateWebhooks,
    keepChars: KEPT_RESPONSE_CHARS,
  });
  // A redirect is not followed (it could lead anywhere): like any other non-2xx, it failed.
  const ok = answer.status >= 200 && answer.status < 300;
  return { ok, status: answer.status, error: ok ? null : `HTTP ${answer.status}`, response: answer.text };
}

const failure = (error: string): Outcome => ({ ok: false, status: null, error, response: null });

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const timedOut = error.name === 'TimeoutError' || error.name === 'AbortError';
    return timedOut ? `no answer in ${WEBHOOK_TIMEOUT_MS / 1000} s` : error.message;
  }
  return String(error);
}

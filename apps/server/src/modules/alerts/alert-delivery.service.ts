import { WEBHOOK_SIGNATURE_HEADER, type AlertDeliveryError } from '@resiport/contract';
import type { AppContext } from '../../context';
import { addSeconds } from '../../lib/clock';
import { withTimeout } from '../../lib/with-timeout';
import { unseal } from '../../lib/sealed-box';
import { REFUSED_ADDRESS_CODE } from '@resiport/gateway';
import { alertMail } from './alert-mail';
import { claimDueDeliveries, finishDelivery, type ClaimedDelivery } from './alerts.repository';
import { postWebhook, webhookUrlProblem } from './webhook-post';
import { webhookSignature } from './webhook-signature';

/** Waits after the 1st, 2nd, … failed attempt; after the last one the delivery is `failed`. */
export const RETRY_AFTER_SECONDS = [10, 60, 300, 1800, 7200] as const;
export const MAX_ATTEMPTS = RETRY_AFTER_SECONDS.length + 1;
/** A mail server slower than this counts as a failed attempt (well inside the claim). */
export const MAIL_TIMEOUT_MS = 20_000;
/** How long one process holds what it claimed: well past either timeout (ALERT_WEBHOOK_TIMEOUT_MS is 30 s at most). */
const CLAIM_SECONDS = 60;
/** Deliveries one process has under way at most. */
export const DELIVERIES_AT_ONCE = 20;
const KEPT_CHARS = 500;

interface Outcome {
  ok: boolean;
  status: number | null;
  error: AlertDeliveryError | null;
  response: string | null;
  /** What went wrong in the words of the library that failed: for the server's log only. */
  detail?: string;
}

/**
 * Each app's (process's) room: `count` is the slots held — by sends under way and by claims still
 * running (a claim holds the whole room it saw until it knows how much it took, so two calls at once
 * cannot both fill it); `claiming` is how many claims are running.
 */
const rooms = new WeakMap<AppContext, { count: number; claiming: number }>();

function roomOf(ctx: AppContext): { count: number; claiming: number } {
  let room = rooms.get(ctx);
  if (!room) rooms.set(ctx, (room = { count: 0, claiming: 0 }));
  return room;
}

/** The room as it is now (tests: every claim settled, and how many sends it holds). */
export function deliveryRoom(ctx: AppContext): { underWay: number; claiming: number } {
  const room = roomOf(ctx);
  return { underWay: room.count, claiming: room.claiming };
}

/**
 * Claims as many due deliveries as this process has room for (at most `DELIVERIES_AT_ONCE` under way,
 * whoever started them) and sends them, each on its own: each has a timeout and its own retry
 * schedule, and its outcome is recorded as soon as it has one. Any number of API processes may run
 * this at once: a delivery is claimed by one of them. Answers how many it claimed and a promise of
 * them all being done (the job does not wait for it; tests do).
 */
export async function startDueDeliveries(ctx: AppContext): Promise<{ claimed: number; done: Promise<void> }> {
  const slots = roomOf(ctx);
  const room = DELIVERIES_AT_ONCE - slots.count;
  if (room <= 0) return { claimed: 0, done: Promise.resolve() };
  slots.count += room;
  slots.claiming += 1;
  let claimed: ClaimedDelivery[] = [];
  try {
    const now = ctx.clock();
    const claimedUntil = addSeconds(now, CLAIM_SECONDS);
    claimed = await claimDueDeliveries(ctx.db, now, claimedUntil, {
      batch: room,
      maxAttempts: MAX_ATTEMPTS,
    });
    const done = Promise.all(
      claimed.map((delivery) =>
        deliverOne(ctx, delivery, claimedUntil).catch((error: unknown) =>
          // Its claim lapses and it is tried again later; nothing else waits for it.
          ctx.log.error({ err: error, delivery: delivery.id }, 'alert delivery outcome not recorded'),
        ),
      ),
    ).then(() => undefined);
    const taken = claimed.length;
    void done.finally(() => (slots.count -= taken));
    return { claimed: taken, done };
  } finally {
    // What the claim did not take is free again (all of it if the claim failed).
    slots.count -= room - claimed.length;
    slots.claiming -= 1;
  }
}

/** Sends what is due now and waits for every outcome; answers how many it attempted. */
export async function deliverDueAlerts(ctx: AppContext): Promise<number> {
  const { claimed, done } = await startDueDeliveries(ctx);
  await done;
  return claimed;
}

async function deliverOne(ctx: AppContext, delivery: ClaimedDelivery, claimedUntil: Date): Promise<void> {
  const outcome = await attempt(ctx, delivery).catch((error: unknown) => failedWith(error, delivery.channel));
  const last = delivery.attempts >= MAX_ATTEMPTS;
  const retryAfter = RETRY_AFTER_SECONDS[delivery.attempts - 1] ?? 0;
  await finishDelivery(
    ctx.db,
    { id: delivery.id, claimedUntil },
    {
      status: outcome.ok ? 'sent' : last ? 'failed' : 'pending',
      nextAt: outcome.ok || last ? null : addSeconds(ctx.clock(), retryAfter),
      last_status: outcome.status,
      last_error: outcome.error,
      last_response: storable(outcome.response),
    },
  );
  if (!outcome.ok) {
    ctx.log.warn(
      {
        delivery: delivery.id,
        channel: delivery.channel,
        attempts: delivery.attempts,
        err: outcome.error,
        detail: outcome.detail,
      },
      'alert not delivered',
    );
  }
}

/** What a receiver said, as a text column takes it: no NUL (PostgreSQL refuses it), at most 500 characters. */
function storable(text: string | null): string | null {
  if (text === null) return null;
  // eslint-disable-next-line no-control-regex -- the NUL is exactly what must go
  return text.replace(/\u0000/g, '').slice(0, KEPT_CHARS);
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
  await withTimeout(ctx.mailer.send(mail), MAIL_TIMEOUT_MS);
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
  if (!delivery.webhook_secret_sealed) return failure('no_secret');
  const { allowPrivateWebhooks } = ctx.config.alerts;
  const refused = webhookUrlProblem(delivery.target, allowPrivateWebhooks);
  if (refused) return failure(refused);
  const body = webhookBody(delivery);
  const secret = unseal(ctx.webhookSecretKey, delivery.webhook_secret_sealed);
  const answer = await postWebhook(delivery.target, body, {
    headers: {
      'content-type': 'application/json',
      // ASCII whatever APP_NAME is (a header value refuses other characters).
      'user-agent': 'Resiport-Webhooks/1',
      [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, body, Math.floor(Date.now() / 1000)),
      'x-resiport-event': delivery.kind,
      'x-resiport-delivery': String(delivery.id),
    },
    timeoutMs: ctx.config.alerts.webhookTimeoutMs,
    allowPrivate: allowPrivateWebhooks,
    keepChars: KEPT_CHARS,
  });
  // A redirect is not followed (it could lead anywhere): like any other non-2xx, it failed.
  const ok = answer.status >= 200 && answer.status < 300;
  return { ok, status: answer.status, error: ok ? null : 'http_status', response: answer.text };
}

const failure = (error: AlertDeliveryError): Outcome => ({ ok: false, status: null, error, response: null });

/**
 * A thrown failure as the customer's log shows it: a code, and for a webhook the network's own error
 * code (`ECONNREFUSED`, `CERT_HAS_EXPIRED`) as the answer — it is about their receiver. A mail
 * server's message names the operator's infrastructure: it goes to the server's log only.
 */
function failedWith(error: unknown, channel: ClaimedDelivery['channel']): Outcome {
  const { name, code, message } =
    error instanceof Error ? (error as NodeJS.ErrnoException) : { message: String(error) };
  const base = { ok: false, status: null, response: null, detail: message };
  if (name === 'TimeoutError' || name === 'AbortError') return { ...base, error: 'timeout' };
  if (channel === 'email') return { ...base, error: 'mail' };
  if (code === REFUSED_ADDRESS_CODE) return { ...base, error: 'private_address' };
  return { ...base, error: 'network', response: code && /^[A-Z0-9_]+$/.test(code) ? code : null };
}

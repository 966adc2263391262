import { createHmac } from 'node:crypto';

/**
 * The signature of a webhook body (decision 039), Stripe's recipe: the header says
 * `t=<unix seconds>,v1=<hex>` where hex = HMAC-SHA256(secret, `${t}.${body}`). The receiver
 * recomputes it over the raw body, compares in constant time, and refuses an old `t` (replays).
 */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AlertDeliveryError } from '@resiport/contract';
import { guardedLookup, isRefusedHost } from '@resiport/gateway';

/** What one POST to a webhook got: the receiver's status and the start of its answer. */
export interface WebhookAnswer {
  status: number;
  text: string;
}

/** Lookups that refuse private, loopback and link-local answers (made once, as the gateway does). */
const lookups = { public: guardedLookup(false), any: guardedLookup(true) };

/**
 * Why a webhook address may not be called, or null: plain http, or a name or literal that means
 * this machine or a private network (the server must not be a way into its own network), unless
 * `allowPrivate` (ALERT_WEBHOOKS_ALLOW_PRIVATE). Names are checked again as each POST connects.
 */
export function webhookUrlProblem(
  url: string,
  allowPrivate: boolean,
): Extract<AlertDeliveryError, 'not_https' | 'private_address'> | null {
  if (allowPrivate) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return 'not_https';
  return isRefusedHost(parsed.hostname.replace(/^\[|\]$/g, '')) ? 'private_address' : null;
}

/**
 * POSTs `body` to `url` and reads up to `keepChars` of the answer. The connection goes to the address
 * the guarded lookup checked (no second lookup a name could rebind between), no redirect is followed,
 * and the whole exchange must finish within `timeoutMs`.
 */
export function postWebhook(
  url: string,
  body: string,
  options: { headers: Record<string, string>; timeoutMs: number; allowPrivate: boolean; keepChars: number },
): Promise<WebhookAnswer> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': Buffer.byteLength(body) },
        lookup: options.allowPrivate ? lookups.any : lookups.public,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (res) => {
        let text = '';
        const answer = () => ({ status: res.statusCode ?? 0, text: text.slice(0, options.keepChars) });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          // Enough kept: the rest is not read (a receiver may answer without end).
          if (text.length >= options.keepChars) {
            resolve(answer());
            req.destroy();
          }
        });
        res.on('end', () => resolve(answer()));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/database';
import type { Clock } from '../../../lib/clock';
import { sandboxRoutes } from './sandbox.routes';
import { createSandboxService, type SandboxService } from './sandbox.service';
import type { WebhookDelivery } from './sandbox-webhook';

/** Where the app mounts the sandbox; the client's base URL in sandbox mode is `${publicUrl}${SANDBOX_PREFIX}`. */
export const SANDBOX_PREFIX = '/sandbox/cryptomus';

export interface CryptomusSandboxOptions {
  /** A database holding `cryptomus_sandbox_invoices` (migration 2026_11_21_0610_cryptomus_sandbox). */
  db: Db;
  /** The same merchant id and payment key as the client's, so signatures verify both ways. */
  merchantId: string;
  paymentKey: string;
  /** Where browsers reach this server (checkout links). */
  publicUrl: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Used to deliver webhooks; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface CryptomusSandbox {
  /** Register with `{ prefix: SANDBOX_PREFIX }`. */
  plugin: FastifyPluginAsync;
  /** Re-sends an invoice's current state to its url_callback; undefined for an unknown uuid. */
  sendWebhook(uuid: string): Promise<WebhookDelivery | undefined>;
  /** Resolves once webhooks sent in the background (on expiry) have been delivered or failed. */
  idle(): Promise<void>;
  service: SandboxService;
}

/**
 * A stand-in for Cryptomus that ships with the product (docs/architecture.md#payments): the same endpoints, signatures
 * and webhooks, with a checkout page whose buttons decide what the payer does. Never mount it with
 * a real payment key: whoever reaches the checkout page can mark its invoices paid.
 */
export function createCryptomusSandbox(options: CryptomusSandboxOptions): CryptomusSandbox {
  const service = createSandboxService({
    db: options.db,
    merchantId: options.merchantId,
    paymentKey: options.paymentKey,
    clock: options.clock,
    log: options.log,
    fetch: options.fetch ?? fetch,
  });
  const routes = sandboxRoutes(service, options);
  const plugin: FastifyPluginAsync = async (app) => {
    app.addHook('onClose', () => service.idle());
    await app.register(routes);
  };
  return { plugin, sendWebhook: service.sendWebhook, idle: service.idle, service };
}

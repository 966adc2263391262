import type { KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { loadJwtKey } from './lib/jwt-key';
import { sealingKeyFrom, type SealingKey } from './lib/sealed-box';
import { secretFromConfigOrFile } from './lib/secret-file';
import { proxyPasswordKeyFrom, type ProxyPasswordKey } from './modules/subaccounts/proxy-password';
import { createCryptomusClient } from './modules/cryptomus/cryptomus-client';
import type { Db } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import type { PaymentProvider } from './modules/billing/payment-provider';
import type { InvoiceEffectsByPurpose } from './modules/billing/invoice-effects';
import { invoiceEffects } from './invoice-purposes';
import type { Mailer } from './modules/mail/mailer';
import { forgiveOnDeletion, repayDebt } from './modules/gateway-link/debt.service';
import { voidOwnerLeases } from './modules/gateway-link/lease.service';
import type { GatewayCredit } from './modules/subaccounts/gateway-credit';
import { createApiMetrics, type ApiMetrics } from './modules/metrics/api-metrics';

/** What services need from the outside world; built once in main.ts (or by a test) and passed down. */
export interface AppContext {
  /**
   * Replaced once, when the listeners are bound (`useBoundConfig`): read it when handling, never keep
   * a value that follows from a port (the public URL, the gateway's ports) from registration on.
   */
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  /** HS256 key for session tokens, imported once (jose would re-import raw bytes on every call). */
  jwtKey: KeyObject;
  log: FastifyBaseLogger;
  /** Cryptomus, or the bundled sandbox speaking the same protocol. */
  payments: PaymentProvider;
  /** What settling an invoice does, per purpose (invoice-purposes.ts): billing does not import what it sells. */
  invoiceEffects: InvoiceEffectsByPurpose;
  /** The gateway link's leases and debts, for the sub-accounts below it (modules/subaccounts/gateway-credit.ts). */
  gatewayCredit: GatewayCredit;
  /** Encrypts sub-accounts' proxy passwords at rest. */
  proxyPasswordKey: ProxyPasswordKey;
  /** Encrypts two-factor (TOTP) secrets at rest; derived from the same configured secret. */
  totpKey: SealingKey;
  /** Encrypts upstream exits' passwords at rest (decision 030); derived from the same configured secret. */
  exitCredentialKey: SealingKey;
  /** Encrypts customers' alert webhook signing secrets at rest (decision 039). */
  webhookSecretKey: SealingKey;
  /** Shared with gateway processes: authenticates their calls and keys the proxy-password verifier. */
  internalSecret: string;
  /** This process's Prometheus figures (served by modules/metrics when METRICS_PORT is set). */
  metrics: ApiMetrics;
}

/**
 * The one place a context is assembled (server, tests, benches): the parts that depend on the
 * process are passed in; the session key and the payment client follow from the config.
 */
export function createAppContext(
  config: Config,
  parts: Pick<AppContext, 'db' | 'mailer' | 'log'> & { clock?: Clock },
): AppContext {
  return {
    config,
    ...parts,
    clock: parts.clock ?? systemClock,
    jwtKey: loadJwtKey(config.jwtSecret, config.dataDir),
    payments: createCryptomusClient(config.cryptomus),
    invoiceEffects,
    gatewayCredit: { voidOwnerLeases, repayDebt, forgiveOnDeletion },
    metrics: createApiMetrics(),
    internalSecret: secretFromConfigOrFile(config.internalSecret, config.dataDir, 'internal-secret'),
    ...atRestKeys(secretFromConfigOrFile(config.proxyPasswordKey, config.dataDir, 'proxy-password-key')),
  };
}

/**
 * Once the listeners are bound: the configuration with the ports they got (config.ts
 * `configWithBoundPorts` in `bound-config.ts`), and the payment client for its address (the sandbox's follows PUBLIC_URL).
 * Until then a port 0 leaves what follows from it unknown. Nothing that reads it is served before this
 * call: nothing outside knows a picked port before the start line names it, and the in-process
 * gateway's internal calls read none of it. With every port configured it changes nothing.
 */
export function useBoundConfig(ctx: AppContext, config: Config): void {
  ctx.config = config;
  ctx.payments = createCryptomusClient(config.cryptomus);
}

function atRestKeys(
  secret: string,
): Pick<AppContext, 'proxyPasswordKey' | 'totpKey' | 'exitCredentialKey' | 'webhookSecretKey'> {
  return {
    proxyPasswordKey: proxyPasswordKeyFrom(secret),
    totpKey: sealingKeyFrom(secret, 'totp-secret-encryption'),
    exitCredentialKey: sealingKeyFrom(secret, 'exit-credential-encryption'),
    webhookSecretKey: sealingKeyFrom(secret, 'alert-webhook-secret-encryption'),
  };
}

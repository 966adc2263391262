import type { Pool } from '@resiport/contract';
import { ConfigError, envProblems } from '@resiport/contract/env-config';
import * as field from '@resiport/contract/env-config';
import { readPoolFile } from '@resiport/contract/pool-file';
import { logEnvFields, logSettingsOf, type LogFormat } from '@resiport/logging';
import { z } from 'zod';
import { parseTrustProxy, providerConfig, senderNamed } from './config-values';
import { metricsPortProblem } from './metrics-port-problem';

/**
 * Every environment variable the server reads, parsed once at start (fail fast, list every bad
 * key). `.env.example` documents the same keys; keep the two in step.
 */
const envSchema = z.object({
  APP_NAME: z.string().min(1).default('Resiport'),
  /** An image (https, or a path on this server) the portal shows in place of its bundled mark. */
  APP_LOGO_URL: field.optionalText.pipe(
    z
      .string()
      .regex(/^(https:\/\/|\/)/, 'must start with https:// or /')
      .optional(),
  ),
  /** Where customers write about payments and accounts; required on a publicly reachable server. */
  SUPPORT_EMAIL: field.optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  HOST: z.string().default('0.0.0.0'),
  /** 0: any free port, picked when the server binds (tests); the start line names it (main.ts). */
  PORT: field.port(8080),
  /**
   * Where people reach the product; mail links and OAuth redirects are built from it, never from Host.
   * Unset: `http://localhost:<PORT>`, with the port bound when PORT is 0.
   */
  PUBLIC_URL: z.url().optional(),
  /** `production` turns on the start-up guard rails even on a loopback PUBLIC_URL (decision 022). */
  NODE_ENV: field.optionalText,
  DATABASE_URL: field.optionalUrl,
  /** PostgreSQL connections per process; N API processes use up to N × this. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** Apply pending migrations at start; turn off in production and run `migrate` as a deploy step. */
  MIGRATE_ON_BOOT: field.flag(true),
  DATA_DIR: z.string().default('./data'),
  /** HS256 key for session tokens (≥ 32 bytes). Unset: a random key kept in DATA_DIR. */
  JWT_SECRET: field.optionalSecret,
  INTERNAL_SECRET: field.optionalSecret,
  PROXY_PASSWORD_KEY: field.optionalSecret,
  SESSION_REFRESH_AFTER_SECONDS: field.positiveInt(3600),
  SESSION_TTL_SECONDS: field.positiveInt(12 * 3600),
  SESSION_MAX_AGE_SECONDS: field.positiveInt(30 * 24 * 3600),
  ACTIVATION_LINK_TTL_SECONDS: field.positiveInt(24 * 3600),
  RESET_LINK_TTL_SECONDS: field.positiveInt(3600),
  SMTP_URL: field.optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  /** Unset: `APP_NAME <no-reply@localhost>`, so mails come from the brand's name. */
  MAIL_FROM: field.optionalText,
  /** Without SMTP_URL on a publicly reachable server: write mail to the outbox (and log its links) anyway. */
  MAIL_OUTBOX: field.flag(false),
  GOOGLE_CLIENT_ID: field.optionalText,
  GOOGLE_CLIENT_SECRET: field.optionalText,
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  YANDEX_CLIENT_ID: field.optionalText,
  YANDEX_CLIENT_SECRET: field.optionalText,
  YANDEX_AUTH_URL: z.url().default('https://oauth.yandex.ru/authorize'),
  YANDEX_TOKEN_URL: z.url().default('https://oauth.yandex.ru/token'),
  YANDEX_USERINFO_URL: z.url().default('https://login.yandex.ru/info?format=json'),
  /** Real Cryptomus: https://api.cryptomus.com (with merchant id and payment key). Unset: the bundled sandbox. */
  CRYPTOMUS_BASE_URL: field.optionalUrl,
  CRYPTOMUS_MERCHANT_ID: field.optionalText,
  CRYPTOMUS_PAYMENT_KEY: field.optionalText,
  /** Comma-separated source IPs allowed to call the webhook (e.g. 91.227.144.54); unset = any. */
  CRYPTOMUS_WEBHOOK_IPS: field.optionalText,
  /** Run the bundled payment sandbox on a publicly reachable server anyway (a demo): it says so everywhere. */
  PAYMENTS_SANDBOX: field.flag(false),
  INVOICE_LIFETIME_SECONDS: z.coerce.number().int().min(300).max(43200).default(3600),
  /** Trust X-Forwarded-For only from these proxies: `true`, or comma-separated IPs/CIDRs. */
  TRUST_PROXY: field.optionalText,
  RATE_LIMIT_ENABLED: field.flag(true),
  /** Open connections the API port accepts at once; keep it below the process's open-file limit. */
  API_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(4096),
  /** Prometheus text at `/metrics` on its own listener (never the API port); unset = no metrics listener. */
  METRICS_PORT: field.optionalPort,
  /** The metrics listener's address: loopback unless the scraper runs on another host. */
  METRICS_HOST: z.preprocess(field.emptyAsUnset, z.string().min(1).default('127.0.0.1')),
  /**
   * The exit pool file (JSON, see packages/contract gateway-pool.ts): seeds the `exits` table once,
   * when it is empty; after that the console's pool is the one in force (decision 030). Unset = one
   * direct exit.
   */
  GATEWAY_POOL_FILE: field.optionalText,
  /**
   * Where customers connect: host and ports printed in proxy lists (defaults: PUBLIC_URL's host, 8000,
   * 1080). The in-process gateway listens on these ports; 0 there: any free port, and proxy lists print
   * the one it got. Separate gateways' ports are known only to whoever runs them: never 0 then.
   */
  GATEWAY_PUBLIC_HOST: field.optionalText,
  GATEWAY_HTTP_PORT: field.port(8000),
  GATEWAY_SOCKS_PORT: field.port(1080),
  GATEWAY_REGION: z.string().min(1).max(64).default('global'),
  /** What the portal's "test" button fetches through a proxy line: JSON with the caller's `ip` (and `country`). */
  PROXY_TEST_URL: z.url().default('https://ipinfo.io/json'),
  /** Where this server reaches a gateway for that test (its listen address as seen from here). */
  GATEWAY_INTERNAL_HOST: z.string().min(1).default('127.0.0.1'),
  /** Run the gateway inside this process (`npm start`); false when gateways run as their own processes. */
  GATEWAY_IN_PROCESS: field.flag(true),
  /** Alert webhooks may be plain http:// and reach loopback or private addresses (tests, one private network). */
  ALERT_WEBHOOKS_ALLOW_PRIVATE: field.flag(false),
  /** How often each API process sends due alert mails and webhooks (and retries failed ones). */
  ALERT_DELIVERY_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** How long a webhook receiver has to answer before the attempt counts as failed (`timeout`). */
  ALERT_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  /** LOG_LEVEL, and LOG_FORMAT `pretty` or `json` (JSON by default under NODE_ENV=production). */
  ...logEnvFields,
  WEB_DIST_DIR: field.optionalText,
});

export type Env = z.infer<typeof envSchema>;

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export interface Config {
  appName: string;
  /** APP_LOGO_URL: null for the bundled mark. */
  logoUrl: string | null;
  /** SUPPORT_EMAIL; unset is only allowed where the server is not publicly reachable. */
  supportEmail: string | undefined;
  host: string;
  port: number;
  publicUrl: string;
  nodeEnv: string | undefined;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  migrateOnBoot: boolean;
  dataDir: string;
  jwtSecret: string | undefined;
  /** Encrypts proxy passwords at rest; generated under DATA_DIR when unset. */
  proxyPasswordKey: string | undefined;
  /** Authenticates gateway processes' internal calls; generated under DATA_DIR when unset. */
  internalSecret: string | undefined;
  session: { refreshAfter: number; ttl: number; maxAge: number };
  links: { activationTtl: number; resetTtl: number };
  mail: { smtpUrl: string | undefined; from: string };
  /** MAIL_OUTBOX: the outbox is a deliberate choice (checked on publicly reachable servers). */
  mailOutboxAllowed: boolean;
  oauth: { google: OAuthProviderConfig | undefined; yandex: OAuthProviderConfig | undefined };
  cryptomus: CryptomusConfig;
  /** PAYMENTS_SANDBOX: the sandbox is a deliberate choice (checked on publicly reachable servers). */
  paymentsSandboxAllowed: boolean;
  trustProxy: boolean | string;
  rateLimitEnabled: boolean;
  /** Open connections the API port accepts at once (further ones are closed as they arrive). */
  apiMaxConnections: number;
  /** METRICS_HOST/METRICS_PORT: where `/metrics` is served; undefined = not served. */
  metrics: { host: string; port: number } | undefined;
  logLevel: Env['LOG_LEVEL'];
  logFormat: LogFormat;
  webDistDir: string | undefined;
  /** Alerts (decision 039). */
  alerts: { allowPrivateWebhooks: boolean; deliveryIntervalMs: number; webhookTimeoutMs: number };
  gateway: {
    /** What an empty `exits` table is filled with at start (GATEWAY_POOL_FILE or the default pool). */
    seedPool: Pool;
    publicHost: string;
    httpPort: number;
    socksPort: number;
    region: string;
    inProcess: boolean;
    testUrl: string;
    internalHost: string;
  };
}

export interface CryptomusConfig {
  /** True when payments go to the bundled sandbox (served by this app under /sandbox/cryptomus). */
  sandbox: boolean;
  baseUrl: string;
  merchantId: string;
  paymentKey: string;
  webhookIps: string[];
  invoiceLifetime: number;
}

/** Every place that refuses the configuration throws this one error (main.ts prints it and exits). */
export { ConfigError, senderNamed };

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(envProblems(parsed.error));
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const sandbox = env.CRYPTOMUS_BASE_URL === undefined;
  if (!sandbox && (!env.CRYPTOMUS_MERCHANT_ID || !env.CRYPTOMUS_PAYMENT_KEY)) {
    throw new ConfigError(['CRYPTOMUS_MERCHANT_ID, CRYPTOMUS_PAYMENT_KEY: required with CRYPTOMUS_BASE_URL']);
  }
  const metricsProblem = metricsPortProblem(env, source);
  if (metricsProblem) throw new ConfigError([metricsProblem]);
  if (!env.GATEWAY_IN_PROCESS) {
    const unknown = (['GATEWAY_HTTP_PORT', 'GATEWAY_SOCKS_PORT'] as const).filter((key) => env[key] === 0);
    if (unknown.length > 0) {
      throw new ConfigError(
        unknown.map(
          (key) =>
            `${key}: 0 (any free port) only with the in-process gateway; proxy lists print the port the gateways listen on`,
        ),
      );
    }
  }
  const pool = readPoolFile(env.GATEWAY_POOL_FILE);
  if (!pool.ok) throw new ConfigError(pool.problems);
  const log = logSettingsOf(env);
  return Object.freeze({
    appName: env.APP_NAME,
    logoUrl: env.APP_LOGO_URL ?? null,
    supportEmail: env.SUPPORT_EMAIL,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    nodeEnv: env.NODE_ENV,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    migrateOnBoot: env.MIGRATE_ON_BOOT,
    dataDir: env.DATA_DIR,
    jwtSecret: env.JWT_SECRET,
    proxyPasswordKey: env.PROXY_PASSWORD_KEY,
    internalSecret: env.INTERNAL_SECRET,
    session: {
      refreshAfter: env.SESSION_REFRESH_AFTER_SECONDS,
      ttl: env.SESSION_TTL_SECONDS,
      maxAge: env.SESSION_MAX_AGE_SECONDS,
    },
    links: { activationTtl: env.ACTIVATION_LINK_TTL_SECONDS, resetTtl: env.RESET_LINK_TTL_SECONDS },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? senderNamed(env.APP_NAME) },
    mailOutboxAllowed: env.MAIL_OUTBOX,
    oauth: {
      google: providerConfig(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, {
        authUrl: env.GOOGLE_AUTH_URL,
        tokenUrl: env.GOOGLE_TOKEN_URL,
        userInfoUrl: env.GOOGLE_USERINFO_URL,
      }),
      yandex: providerConfig(env.YANDEX_CLIENT_ID, env.YANDEX_CLIENT_SECRET, {
        authUrl: env.YANDEX_AUTH_URL,
        tokenUrl: env.YANDEX_TOKEN_URL,
        userInfoUrl: env.YANDEX_USERINFO_URL,
      }),
    },
    cryptomus: {
      sandbox,
      baseUrl: (env.CRYPTOMUS_BASE_URL ?? `${publicUrl}/sandbox/cryptomus`).replace(/\/+$/, ''),
      merchantId: env.CRYPTOMUS_MERCHANT_ID ?? 'sandbox-merchant',
      paymentKey: env.CRYPTOMUS_PAYMENT_KEY ?? 'sandbox-payment-key',
      webhookIps:
        env.CRYPTOMUS_WEBHOOK_IPS?.split(',')
          .map((ip) => ip.trim())
          .filter(Boolean) ?? [],
      invoiceLifetime: env.INVOICE_LIFETIME_SECONDS,
    },
    paymentsSandboxAllowed: env.PAYMENTS_SANDBOX,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimitEnabled: env.RATE_LIMIT_ENABLED,
    apiMaxConnections: env.API_MAX_CONNECTIONS,
    metrics: env.METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.METRICS_PORT },
    logLevel: log.level,
    logFormat: log.format,
    webDistDir: env.WEB_DIST_DIR,
    alerts: {
      allowPrivateWebhooks: env.ALERT_WEBHOOKS_ALLOW_PRIVATE,
      deliveryIntervalMs: env.ALERT_DELIVERY_INTERVAL_MS,
      webhookTimeoutMs: env.ALERT_WEBHOOK_TIMEOUT_MS,
    },
    gateway: {
      seedPool: pool.pool,
      publicHost: env.GATEWAY_PUBLIC_HOST ?? new URL(publicUrl).hostname,
      httpPort: env.GATEWAY_HTTP_PORT,
      socksPort: env.GATEWAY_SOCKS_PORT,
      region: env.GATEWAY_REGION,
      inProcess: env.GATEWAY_IN_PROCESS,
      testUrl: env.PROXY_TEST_URL,
      internalHost: env.GATEWAY_INTERNAL_HOST,
    },
  });
}

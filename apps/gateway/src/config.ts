import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Pool } from '@resiport/contract';
import { ConfigError, envProblems } from '@resiport/contract/env-config';
import * as field from '@resiport/contract/env-config';
import { readPoolFile } from '@resiport/contract/pool-file';
import { logEnvFields, logSettingsOf, type LogFormat, type LogLevel } from '@resiport/logging';
import { z } from 'zod';
import type { ThrottleLimits } from './auth/throttle';

/**
 * Every environment variable the gateway reads, parsed once (fail fast, list every bad key);
 * `gateway.env.example` documents them with their defaults.
 * `createGateway` takes the parsed object, so the server's `npm start` can run the gateway in-process
 * with its own internal secret, and tests can shorten timers without touching the environment.
 */

const envSchema = z.object({
  /** `::` listens on IPv6 and IPv4 (dual stack); without IPv6 the gateway falls back to `0.0.0.0`. */
  GATEWAY_HOST: z.string().min(1).default('::'),
  GATEWAY_HTTP_PORT: field.port(8000),
  GATEWAY_SOCKS_PORT: field.port(1080),
  /** Prometheus text at `/metrics`; unset = no metrics listener. */
  GATEWAY_METRICS_PORT: field.optionalPort,
  GATEWAY_SERVER_URL: z.url().default('http://127.0.0.1:8080'),
  INTERNAL_SECRET: field.optionalSecret,
  GATEWAY_INSTANCE_ID: field.optionalText.pipe(
    z
      .string()
      .regex(/^[\w.-]{1,40}$/, 'letters, digits, _ . - (at most 40)')
      .optional(),
  ),
  /**
   * The exit pool comes from the server (decision 030); this file (or the default pool) is used only
   * until the server first answers, and seeds the server's empty pool when the server reads it.
   */
  GATEWAY_POOL_FILE: field.optionalText,
  /** Tests only: let tunnels reach private, loopback and link-local addresses. */
  GATEWAY_ALLOW_PRIVATE: field.flag(false),
  GATEWAY_HANDSHAKE_TIMEOUT_MS: field.positiveInt(10_000),
  GATEWAY_CONNECT_TIMEOUT_MS: field.positiveInt(10_000),
  GATEWAY_IDLE_TIMEOUT_MS: field.positiveInt(120_000),
  /** An HTTP connection waiting for its next request head after a response is closed after this. */
  GATEWAY_KEEPALIVE_TIMEOUT_MS: field.positiveInt(30_000),
  /** Connections per source IP (both ports) that have not authenticated yet; one more is closed at once. */
  GATEWAY_MAX_UNAUTHENTICATED_PER_IP: z.coerce.number().int().positive().default(64),
  GATEWAY_MAX_CONNECTIONS_PER_ACCOUNT: z.coerce.number().int().positive().default(500),
  GATEWAY_METER_TICK_MS: field.positiveInt(250),
  GATEWAY_FLUSH_MS: field.positiveInt(5000),
  /** The usage journal's file (usage/journal.ts); unset: no journal. One file per process. */
  GATEWAY_USAGE_JOURNAL: field.optionalText,
  /** How often usage not yet in a batch is journaled: what a `kill -9` can lose, at most. */
  GATEWAY_USAGE_JOURNAL_MS: field.positiveInt(1000),
  GATEWAY_EVENTS_POLL_MS: field.positiveInt(250),
  GATEWAY_EXIT_HEALTH_MS: field.positiveInt(10_000),
  /** Failed logins per (source IP, name) before refusal windows start; see docs/gateway.md. */
  GATEWAY_AUTH_PAIR_FAILURES: z.coerce.number().int().positive().default(10),
  GATEWAY_AUTH_BACKOFF_MS: field.positiveInt(1000),
  GATEWAY_AUTH_BACKOFF_MAX_MS: field.positiveInt(60_000),
  /** Failures from one address across names (spraying) before it backs off for names it has not used. */
  GATEWAY_AUTH_ADDRESS_FAILURES: z.coerce.number().int().positive().default(100),
  /** Wrong passwords per sub-account across all addresses, per window. */
  GATEWAY_AUTH_USER_FAILURES: z.coerce.number().int().positive().default(30),
  GATEWAY_AUTH_USER_WINDOW_MS: field.positiveInt(600_000),
  /** The per-address limit it named is gone (decision 018): fail fast rather than ignore it. */
  GATEWAY_AUTH_FAILURES_PER_MINUTE: z.preprocess(
    field.emptyAsUnset,
    z.undefined({
      error: 'replaced by GATEWAY_AUTH_PAIR_FAILURES and GATEWAY_AUTH_USER_FAILURES (see docs/gateway.md)',
    }),
  ),
  /** Worker processes sharing the listeners (node:cluster); each holds its own leases. */
  GATEWAY_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** The same two as the server's: level, and `pretty`/`json` (JSON by default under NODE_ENV=production). */
  ...logEnvFields,
  NODE_ENV: field.optionalText,
});

/** Every variable read (`gateway.env.example` lists them, checked by a unit test). */
export const GATEWAY_ENV_KEYS = Object.keys(envSchema.shape);

export interface GatewayConfig {
  host: string;
  httpPort: number;
  socksPort: number;
  metricsPort: number | undefined;
  serverUrl: string;
  internalSecret: string;
  instanceId: string;
  /** Routes by this until the server's pool arrives (GATEWAY_POOL_FILE, or the default pool). */
  pool: Pool;
  /**
   * Take the pool from the server and follow its changes (decision 030). Off only where a test
   * brings its own pool and a server that keeps none.
   */
  poolFromServer: boolean;
  /** After a failed pool load, the next try. */
  poolRetryMs: number;
  /** How often this process tells the server what it knows of each exit's health. */
  exitHealthReportMs: number;
  allowPrivate: boolean;
  handshakeTimeoutMs: number;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnectionsPerAccount: number;
  maxUnauthenticatedPerIp: number;
  meterTickMs: number;
  flushMs: number;
  /** The usage journal's file, and how often the usage not yet in a batch is written to it. */
  usageJournal: string | undefined;
  usageJournalMs: number;
  eventsPollMs: number;
  /** Failed-login throttle (auth/throttle.ts). */
  authThrottle: ThrottleLimits;
  /** Timeout of one internal call to the server. */
  serverCallTimeoutMs: number;
  /**
   * Credentials cache: found users, unknown users (so a burst of typos is not a server call per
   * connection, yet a just-created sub-account or whitelisted address works within a second).
   */
  credentialsTtlMs: number;
  negativeTtlMs: number;
  /** A failed exit sits out this long before rotating traffic tries it again. */
  exitRestMs: number;
  /** Lease sizes: the first ask, and the cap of the doubling. */
  leaseMinBytes: number;
  leaseMaxBytes: number;
  /** An owner without tunnels this long gives its lease back. */
  leaseIdleMs: number;
  workers: number;
  /** The standalone process's logger; in-process, the server passes its own. */
  log: { level: LogLevel; format: LogFormat };
}

/** The same error as the server's: an in-process gateway's bad setting is reported like the server's own. */
export { ConfigError };

const TITLE = 'Invalid gateway configuration';

/** A unique, contract-valid id: two processes on one host (or a restarted one) never share it. */
function defaultInstanceId(): string {
  const host = hostname()
    .replace(/[^\w.-]/g, '-')
    .slice(0, 32);
  return `${host}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

function readPool(file: string | undefined): Pool {
  const read = readPoolFile(file);
  if (!read.ok) throw new ConfigError(read.problems, TITLE);
  return read.pool;
}

/**
 * Parses the environment; `overrides` win (the in-process server passes its own secret). The internal
 * secret is required in the end: without it the gateway could not talk to the server at all.
 */
export function loadGatewayConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<GatewayConfig> = {},
): GatewayConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(envProblems(parsed.error), TITLE);
  }
  const e = parsed.data;
  const config: GatewayConfig = {
    host: e.GATEWAY_HOST,
    httpPort: e.GATEWAY_HTTP_PORT,
    socksPort: e.GATEWAY_SOCKS_PORT,
    metricsPort: e.GATEWAY_METRICS_PORT,
    serverUrl: e.GATEWAY_SERVER_URL.replace(/\/+$/, ''),
    internalSecret: e.INTERNAL_SECRET ?? '',
    instanceId: e.GATEWAY_INSTANCE_ID ?? defaultInstanceId(),
    pool: overrides.pool ?? readPool(e.GATEWAY_POOL_FILE),
    poolFromServer: true,
    poolRetryMs: 5000,
    exitHealthReportMs: e.GATEWAY_EXIT_HEALTH_MS,
    allowPrivate: e.GATEWAY_ALLOW_PRIVATE,
    handshakeTimeoutMs: e.GATEWAY_HANDSHAKE_TIMEOUT_MS,
    connectTimeoutMs: e.GATEWAY_CONNECT_TIMEOUT_MS,
    idleTimeoutMs: e.GATEWAY_IDLE_TIMEOUT_MS,
    keepAliveTimeoutMs: e.GATEWAY_KEEPALIVE_TIMEOUT_MS,
    maxConnectionsPerAccount: e.GATEWAY_MAX_CONNECTIONS_PER_ACCOUNT,
    maxUnauthenticatedPerIp: e.GATEWAY_MAX_UNAUTHENTICATED_PER_IP,
    meterTickMs: e.GATEWAY_METER_TICK_MS,
    flushMs: e.GATEWAY_FLUSH_MS,
    usageJournal: e.GATEWAY_USAGE_JOURNAL,
    usageJournalMs: e.GATEWAY_USAGE_JOURNAL_MS,
    eventsPollMs: e.GATEWAY_EVENTS_POLL_MS,
    authThrottle: {
      pairFailures: e.GATEWAY_AUTH_PAIR_FAILURES,
      backoffMs: e.GATEWAY_AUTH_BACKOFF_MS,
      backoffMaxMs: e.GATEWAY_AUTH_BACKOFF_MAX_MS,
      pairForgetMs: 900_000,
      addressFailures: e.GATEWAY_AUTH_ADDRESS_FAILURES,
      userFailures: e.GATEWAY_AUTH_USER_FAILURES,
      userWindowMs: e.GATEWAY_AUTH_USER_WINDOW_MS,
      knownGoodMs: 86_400_000,
      maxTracked: 100_000,
    },
    serverCallTimeoutMs: 5000,
    credentialsTtlMs: 60_000,
    negativeTtlMs: 500,
    exitRestMs: 30_000,
    leaseMinBytes: 1_000_000,
    leaseMaxBytes: 256_000_000,
    leaseIdleMs: 30_000,
    workers: e.GATEWAY_WORKERS,
    log: logSettingsOf(e),
    ...overrides,
  };
  if (config.internalSecret.length < 32) {
    throw new ConfigError(['INTERNAL_SECRET: required (at least 32 characters)'], TITLE);
  }
  return config;
}

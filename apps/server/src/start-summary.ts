import type { Gateway } from '@resiport/gateway';
import type { Config } from './config';

/**
 * Where this process listens, as bound: a parent that started it with port 0 reads the ports it got
 * here (packages/testkit listening.ts; held by listening-report.test.ts). Keep the shape: it is read.
 */
export interface Listening {
  port: number;
  publicUrl: string;
  /** The in-process gateway's. */
  gateway?: { httpPort: number; socksPort: number };
  /** With METRICS_PORT set. */
  metricsPort?: number;
}

/**
 * The one line every start logs, once every listener is up: what this process runs on, where it can
 * be reached, and (`listening`) the ports it got. `config` is the one with the bound ports.
 */
export function startSummary(
  config: Config,
  running: { gateway: Gateway | undefined; metricsPort: number | undefined },
): Record<string, unknown> {
  const { gateway, metricsPort } = running;
  const listening: Listening = {
    port: config.port,
    publicUrl: config.publicUrl,
    ...(gateway && { gateway: { httpPort: gateway.httpPort, socksPort: gateway.socksPort } }),
    ...(metricsPort !== undefined && { metricsPort }),
  };
  return {
    url: `${config.publicUrl}/client/`,
    api: `${config.publicUrl}/api (docs ${config.publicUrl}/api/docs)`,
    database: config.databaseUrl
      ? `PostgreSQL (DATABASE_URL, pool ${config.databasePoolMax})`
      : `embedded PGlite in ${config.dataDir}/pglite`,
    migrations: config.migrateOnBoot ? 'applied at start' : 'not applied at start (MIGRATE_ON_BOOT=false)',
    payments: config.cryptomus.sandbox
      ? 'SANDBOX (bundled Cryptomus stand-in)'
      : `Cryptomus at ${config.cryptomus.baseUrl}`,
    mail: config.mail.smtpUrl ? 'SMTP' : `outbox in ${config.dataDir}/outbox (links are logged)`,
    gateway: gateway
      ? `in process: HTTP :${gateway.httpPort}, SOCKS5 :${gateway.socksPort}`
      : 'separate processes (GATEWAY_IN_PROCESS=false)',
    listening,
  };
}

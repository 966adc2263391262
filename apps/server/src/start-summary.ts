import type { Gateway } from '@resiport/gateway';
import type { Config } from './config';

/** The one line every start logs: what this process runs on and where it can be reached. */
export function startSummary(config: Config, gateway: Gateway | undefined): Record<string, unknown> {
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
  };
}

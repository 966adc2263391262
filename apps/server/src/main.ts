import { buildApp } from './app';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './config';
import { configWithBoundPorts } from './bound-config';
import { productionProblems } from './production-guards';
import { startSummary } from './start-summary';
import { createAppContext, useBoundConfig } from './context';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './lib/logger';
import { startReconciliation } from './modules/billing/reconcile';
import { startLeaseReclaim } from './modules/gateway-link/lease-reclaim';
import { startAlertDelivery } from './modules/alerts/alert-delivery.job';
import { startMailQueue } from './modules/mail/mail-queue.job';
import { startMetricsListener, type MetricsListener } from './modules/metrics/metrics-listener';
import { createGateway, loadGatewayConfig, type Gateway } from '@resiport/gateway';
import { outboxMailer, smtpMailer } from './modules/mail/mailer';

/**
 * The process: config → database (migrated) → app → listen → what follows from the ports it got →
 * jobs; closes cleanly on SIGINT/SIGTERM. PORT=0 (and the in-process gateway's ports 0) let the OS
 * pick free ports as they are bound; the start line names them (`listening`, start-summary.ts).
 */
async function main(): Promise<void> {
  // As read: with a port 0, what follows from it (PUBLIC_URL's default, proxy lists' ports) waits for the bind.
  const configured = loadConfig();
  const problems = productionProblems(configured);
  if (problems.length > 0) throw new ConfigError(problems);
  const log = createLogger(configured.logLevel, undefined, configured.logFormat);
  const db = createDatabase({
    url: configured.databaseUrl,
    dataDir: configured.dataDir,
    poolMax: configured.databasePoolMax,
  });
  if (configured.migrateOnBoot) await migrateToLatest(db);
  const mailer = configured.mail.smtpUrl
    ? smtpMailer(configured.mail.smtpUrl, configured.mail.from)
    : outboxMailer(configured.dataDir, configured.mail.from, log);
  const ctx = createAppContext(configured, { db, mailer, log });
  const app = await buildApp(ctx, { webDistDir: configured.webDistDir });

  // Filled as each part starts; shutdown may come before that.
  const running: { gateway?: Gateway; metrics?: MetricsListener; stopJobs?: () => void } = {};
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    running.stopJobs?.();
    // Before the database closes: a scrape under way may be counting invoices.
    await running.metrics?.close();
    // The gateway first: it meters its last bytes and returns its leases through the server.
    await running.gateway?.close();
    await app.close();
    await db.destroy();
    mailer.close();
    process.exit(0);
  };
  process.once('SIGINT', (s) => void shutdown(s));
  process.once('SIGTERM', (s) => void shutdown(s));

  await app.listen({ host: configured.host, port: configured.port });
  const { port } = app.server.address() as AddressInfo;
  // Its own listener, never the API port (the figures are not for the public); off without METRICS_PORT.
  if (configured.metrics) running.metrics = await startMetricsListener(ctx, configured.metrics);
  // The gateway calls this server's internal API, so it starts once the server listens.
  const gateway = configured.gateway.inProcess
    ? await createGateway(
        loadGatewayConfig(process.env, {
          internalSecret: ctx.internalSecret,
          serverUrl: `http://127.0.0.1:${port}`,
        }),
        { log },
      )
    : undefined;
  running.gateway = gateway;
  // Every port is bound: the public URL and the proxy lists' ports take the ones the OS picked for a 0.
  const config = configWithBoundPorts(process.env, {
    port,
    gateway: gateway && { httpPort: gateway.httpPort, socksPort: gateway.socksPort },
  });
  useBoundConfig(ctx, config);

  const jobs = [
    startReconciliation(ctx),
    startLeaseReclaim(ctx),
    startAlertDelivery(ctx),
    startMailQueue(ctx),
  ];
  running.stopJobs = () => jobs.forEach((stop) => stop());
  log.info(
    startSummary(config, { gateway, metricsPort: running.metrics?.port }),
    `${config.appName} is up: ${config.publicUrl}/client/`,
  );
  if (config.cryptomus.sandbox) {
    log.warn(
      'PAYMENT SANDBOX ON: payments go to the bundled Cryptomus stand-in, where a customer can mark an invoice paid. ' +
        'Set CRYPTOMUS_BASE_URL for real payments.',
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});

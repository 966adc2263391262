import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { productionProblems } from './production-guards';
import { startSummary } from './start-summary';
import { createAppContext } from './context';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './lib/logger';
import { startReconciliation } from './modules/billing/reconcile';
import { startLeaseReclaim } from './modules/gateway-link/lease-reclaim';
import { startAlertDelivery } from './modules/alerts/alert-delivery.job';
import { startMetricsListener, type MetricsListener } from './modules/metrics/metrics-listener';
import { createGateway, loadGatewayConfig, type Gateway } from '@resiport/gateway';
import { outboxMailer, smtpMailer } from './modules/mail/mailer';

/** The process: config → database (migrated) → app → listen; closes cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const problems = productionProblems(config);
  if (problems.length > 0) throw new ConfigError(problems);
  const log = createLogger(config.logLevel, undefined, config.logFormat);
  const db = createDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
  });
  if (config.migrateOnBoot) await migrateToLatest(db);
  const mailer = config.mail.smtpUrl
    ? smtpMailer(config.mail.smtpUrl, config.mail.from)
    : outboxMailer(config.dataDir, config.mail.from, log);
  const ctx = createAppContext(config, { db, mailer, log });
  const app = await buildApp(ctx, { webDistDir: config.webDistDir });

  const stopReconciliation = startReconciliation(ctx);
  const stopLeaseReclaim = startLeaseReclaim(ctx);
  const stopAlertDelivery = startAlertDelivery(ctx);

  // Filled once the server listens; shutdown may come before that.
  const running: { gateway?: Gateway; metrics?: MetricsListener } = {};
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    stopReconciliation();
    stopLeaseReclaim();
    stopAlertDelivery();
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

  await app.listen({ host: config.host, port: config.port });
  // Its own listener, never the API port (the figures are not for the public); off without METRICS_PORT.
  if (config.metrics) running.metrics = await startMetricsListener(ctx, config.metrics);
  // The gateway calls this server's internal API, so it starts once the server listens.
  const gateway = config.gateway.inProcess
    ? await createGateway(
        loadGatewayConfig(process.env, {
          internalSecret: ctx.internalSecret,
          serverUrl: `http://127.0.0.1:${config.port}`,
        }),
        { log },
      )
    : undefined;
  running.gateway = gateway;
  log.info(startSummary(config, gateway), `${config.appName} is up: ${config.publicUrl}/client/`);
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

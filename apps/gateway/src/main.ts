import { isClusterPrimary, runPrimary, workerConfig } from './cluster';
import { createLogger } from '@resiport/logging';
import { ConfigError, loadGatewayConfig } from './config';
import { createGateway } from './gateway';
import { raiseHeapTrimThreshold } from './heap-trim';

/**
 * The standalone gateway process: config → listeners; on SIGINT/SIGTERM a graceful stop. With
 * GATEWAY_WORKERS > 1 this process only supervises that many workers (cluster.ts).
 */
async function main(): Promise<void> {
  const loaded = loadGatewayConfig(process.env);
  const log = createLogger(loaded.log);
  if (isClusterPrimary(loaded)) return runPrimary(loaded, log);
  raiseHeapTrimThreshold();
  const config = workerConfig(loaded);
  const starting = createGateway(config, { log });
  // Listening first, then the rest of the start (a journal's replay among it): a SIGTERM that comes as
  // soon as the ports are reported must find its handler, or it kills the process without a flush.
  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down: closing tunnels, flushing usage, returning leases');
    starting
      .then((gateway) => gateway.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: (error as Error).message }, 'unclean shutdown');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  const gateway = await starting;
  log.info(
    {
      http: `${config.host}:${gateway.httpPort}`,
      socks: `${config.host}:${gateway.socksPort}`,
      server: config.serverUrl,
    },
    'gateway up',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Failed to start: ${String(error)}`);
  process.exit(1);
});

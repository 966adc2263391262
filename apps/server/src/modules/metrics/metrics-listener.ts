import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../../context';
import { registerDatabaseMetrics } from './database-metrics';
import { registerInvoiceMetrics } from './invoice-metrics';

export interface MetricsListener {
  /** The port listened on (the configured one, or the one picked for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the context's metrics as Prometheus text at `GET /metrics` on their own address
 * (METRICS_HOST:METRICS_PORT), never on the API port: invoice counts and error rates are not for the
 * public, and a reverse proxy in front of the API would publish anything the API port serves.
 * What is only worth gathering when something scrapes is registered here: the process's own figures
 * (CPU, memory, event-loop lag, GC), the database pool and the invoice counts. Call it once per context.
 */
export async function startMetricsListener(
  ctx: AppContext,
  address: { host: string; port: number },
): Promise<MetricsListener> {
  const { registry } = ctx.metrics;
  collectDefaultMetrics({ register: registry });
  registerDatabaseMetrics(registry, ctx.db);
  registerInvoiceMetrics(registry, ctx.db, ctx.log);

  const server = createServer((request, response) => {
    const path = request.url?.split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        ctx.log.error({ err: error }, 'metrics: collecting failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
      },
    );
  });
  const port = await listen(server, address.host, address.port);
  ctx.log.info({ host: address.host, port }, 'metrics listening (GET /metrics)');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scrape under way or a scraper's kept-alive connection must not hold the shutdown.
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

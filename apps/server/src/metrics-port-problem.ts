import type { Env } from './config';

/**
 * The metrics listener needs a port of its own: on PORT the figures would be public behind a reverse proxy,
 * and a port of the in-process gateway would fail at start with a less helpful EADDRINUSE. 0 picks a free one.
 */
export function metricsPortProblem(env: Env, source: NodeJS.ProcessEnv): string | undefined {
  const port = env.METRICS_PORT;
  if (port === undefined || port === 0) return undefined;
  if (port === env.PORT) {
    return `METRICS_PORT: must differ from PORT (${port}): /metrics is never served on the API port`;
  }
  if (!env.GATEWAY_IN_PROCESS) return undefined;
  const gatewayPorts = {
    GATEWAY_HTTP_PORT: env.GATEWAY_HTTP_PORT,
    GATEWAY_SOCKS_PORT: env.GATEWAY_SOCKS_PORT,
    // Read by the in-process gateway itself from the same environment (apps/gateway config.ts).
    GATEWAY_METRICS_PORT: source.GATEWAY_METRICS_PORT ? Number(source.GATEWAY_METRICS_PORT) : undefined,
  };
  const taken = Object.entries(gatewayPorts).find(([, gatewayPort]) => gatewayPort === port);
  return taken && `METRICS_PORT: must differ from ${taken[0]} (${port}), a port of the in-process gateway`;
}

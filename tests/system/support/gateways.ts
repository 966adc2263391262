import {
  createGateway,
  loadGatewayConfig,
  silentLogger,
  type Gateway,
  type GatewayConfig,
  type GatewayDeps,
} from '@resiport/gateway';
import { startIpEcho } from '@resiport/gateway/testing';
import { createTestApp, type TestApp } from '@resiport/server/testing';

export interface GatewayOptions {
  /** Fields no variable sets (an exit pool of the test's own upstreams, used instead of the server's). */
  config?: Partial<GatewayConfig>;
  deps?: Omit<GatewayDeps, 'log'>;
}

/**
 * A gateway in this process talking to the test app's server over HTTP with its internal secret: on
 * loopback, private destinations allowed (the tests' "internet" is local), any free ports unless `env`
 * names them, under its own instance id (its own leases and usage batches).
 */
export function startGatewayFor(
  t: TestApp,
  instanceId: string,
  env: Record<string, string> = {},
  options: GatewayOptions = {},
): Promise<Gateway> {
  const config = loadGatewayConfig(
    {
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_HTTP_PORT: '0',
      GATEWAY_SOCKS_PORT: '0',
      GATEWAY_ALLOW_PRIVATE: 'true',
      ...env,
    },
    {
      internalSecret: t.ctx.internalSecret,
      serverUrl: t.config.publicUrl,
      instanceId,
      // A test that brings its own pool routes by it; otherwise the server's (the console's) pool.
      poolFromServer: options.config?.pool === undefined,
      ...options.config,
    },
  );
  return createGateway(config, { log: silentLogger, ...options.deps });
}

/**
 * The server listening on a free port, ready for the portal's proxy test: it fetches an address echo on
 * loopback through the gateway its proxy lists name; start one and point the server at it with
 * `t.useGatewayPorts(gateway)`.
 */
export async function startProxyTestServer(env: Record<string, string> = {}) {
  const ipEcho = await startIpEcho();
  const t = await createTestApp(
    { PROXY_TEST_URL: `http://127.0.0.1:${ipEcho.port}/json`, ...env },
    { listen: true },
  );
  return { t, ipEcho };
}

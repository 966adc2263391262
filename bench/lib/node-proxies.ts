import type { ChildProcess } from 'node:child_process';
import { gatewayListening } from '@resiport/testkit';
import { TEST_SECRET } from '../../apps/gateway/test/fake-server';
import { bundleNode } from '../../scripts/node-bundle';
import { nodePidOf, readyPorts, startChild, stopPid } from './proc';

/**
 * The Node proxies under test, one process per instance, each serving CONNECT and SOCKS5 like the
 * gateway does: the gateway itself (auth, metering and leases on, against the fake API server) and the
 * bare pipe of bench/lib/pipe-proxy.ts. Both run as operators run the gateway: compiled with the
 * production build's settings (scripts/node-bundle.ts) from the current sources and started with
 * plain node, so neither pays for a TypeScript loader (tsx wraps every function it creates).
 */

/** Where the bench's builds go (gitignored with the rest of bench/results). */
const BUILD = 'bench/results/build';
const entryPoints = { gateway: 'apps/gateway/src/main.ts', pipe: 'bench/lib/pipe-proxy.ts' };

let built: Promise<void> | undefined;

/** Compiles both proxies once per bench run. */
function build(): Promise<void> {
  built ??= bundleNode({ outdir: BUILD, entryPoints });
  return built;
}

export interface NodeProxy {
  name: string;
  family: 'gateway' | 'pipe';
  connectPort: number;
  socksPort: number;
  /** The node process doing the work. */
  pid: number;
  /** The gateway's metrics port, when it was started with one. */
  metricsPort?: number | undefined;
  stop(): Promise<void>;
}

const proxy = (name: string, family: NodeProxy['family'], ports: number[], child: ChildProcess) => ({
  name,
  family,
  connectPort: ports[0] ?? 0,
  socksPort: ports[1] ?? 0,
  pid: nodePidOf(child),
  // Gateways flush their usage and return their leases on SIGTERM: let them.
  stop: () => stopPid(child),
});

/** `nodeArgs` go to node (e.g. `--cpu-prof` for a profile). */
export async function startPipe(instance: string, nodeArgs: string[] = []): Promise<NodeProxy> {
  await build();
  const { child, ready } = await startChild(`${BUILD}/pipe.js`, ['0', '0'], {}, readyPorts, nodeArgs);
  return proxy(`pipe-${instance}`, 'pipe', ready, child);
}

export async function startGateway(
  instance: string,
  serverUrl: string,
  idle: number,
  nodeArgs: string[] = [],
  /** Over the defaults below: e.g. the real server's INTERNAL_SECRET. */
  env: Record<string, string> = {},
): Promise<NodeProxy> {
  await build();
  const { child, ready } = await startChild(
    `${BUILD}/gateway.js`,
    [],
    {
      INTERNAL_SECRET: TEST_SECRET,
      GATEWAY_SERVER_URL: serverUrl,
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_HTTP_PORT: '0',
      GATEWAY_SOCKS_PORT: '0',
      GATEWAY_ALLOW_PRIVATE: 'true',
      GATEWAY_INSTANCE_ID: `bench-${instance}`,
      // One bench account opens every tunnel: lift the per-account cap (right passwords are never throttled).
      GATEWAY_MAX_CONNECTIONS_PER_ACCOUNT: String(idle + 1000),
      // Its "gateway listening" line, with the ports it got, is read as JSON.
      LOG_FORMAT: 'json',
      ...env,
    },
    gatewayListening,
    nodeArgs,
  );
  return {
    ...proxy(`gateway-${instance}`, 'gateway', [ready.httpPort, ready.socksPort], child),
    metricsPort: ready.metricsPort,
  };
}

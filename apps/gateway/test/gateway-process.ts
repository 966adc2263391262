import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gatewayListening, waitForReport } from '@resiport/testkit';

/**
 * A real gateway as its own OS process (`node --import tsx apps/gateway/src/main.ts`, as
 * `npm run gateway` runs it), for the tests about several processes against one server: crashes,
 * graceful stops, leases per process, cluster workers. No tsx wrapper process sits in between, so a
 * signal reaches the gateway itself: SIGTERM is its graceful stop, SIGKILL really kills it. It listens
 * on ports 0 and reports the ones it got ("gateway listening", packages/testkit listening.ts).
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface GatewayProcess {
  instanceId: string;
  httpPort: number;
  socksPort: number;
  /** With GATEWAY_METRICS_PORT set (0 for any). */
  metricsPort: number | undefined;
  child: ChildProcess;
  /** Everything it printed (JSON lines), for diagnostics and assertions. */
  logs: string[];
  /**
   * SIGTERM (close tunnels, flush usage, return leases); resolves with the exit code, or the signal
   * that ended it instead (a crash, or a SIGTERM that found no handler).
   */
  stop(): Promise<number | NodeJS.Signals | null>;
  /** SIGKILL: no flush, no lease returned. */
  kill(): Promise<void>;
  running(): boolean;
}

export interface GatewayProcessOptions {
  internalSecret: string;
  serverUrl: string;
  instanceId: string;
  env?: Record<string, string>;
}

export async function startGatewayProcess(options: GatewayProcessOptions): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/gateway/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      INTERNAL_SECRET: options.internalSecret,
      GATEWAY_SERVER_URL: options.serverUrl,
      GATEWAY_INSTANCE_ID: options.instanceId,
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_HTTP_PORT: '0',
      GATEWAY_SOCKS_PORT: '0',
      GATEWAY_ALLOW_PRIVATE: 'true',
      GATEWAY_FLUSH_MS: '200',
      GATEWAY_EVENTS_POLL_MS: '200',
      // The ports it got, readiness and which worker listened are read from the log as JSON lines.
      LOG_FORMAT: 'json',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stdout = ''; // the log alone: a stderr chunk could land in the middle of one of its lines
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    logs.push(chunk.toString());
  });
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const ports = await waitForReport(gatewayListening, {
    output: () => stdout,
    running,
    name: `gateway ${options.instanceId}`,
    timeoutMs: 30_000,
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (running()) child.kill(signal);
    const { code, signal: endedBy } = await exited;
    return code ?? endedBy;
  };
  return {
    instanceId: options.instanceId,
    httpPort: ports.httpPort,
    socksPort: ports.socksPort,
    metricsPort: ports.metricsPort,
    child,
    logs,
    stop: () => signalAndWait('SIGTERM'),
    kill: async () => {
      await signalAndWait('SIGKILL');
    },
    running,
  };
}

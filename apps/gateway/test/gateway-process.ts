import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@resiport/testkit';

/**
 * A real gateway as its own OS process (`node --import tsx apps/gateway/src/main.ts`, as
 * `npm run gateway` runs it), for the tests about several processes against one server: crashes,
 * graceful stops, leases per process, cluster workers. No tsx wrapper process sits in between, so a
 * signal reaches the gateway itself: SIGTERM is its graceful stop, SIGKILL really kills it.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface GatewayProcess {
  instanceId: string;
  httpPort: number;
  socksPort: number;
  child: ChildProcess;
  /** Everything it printed (JSON lines), for diagnostics and assertions. */
  logs: string[];
  /** SIGTERM (close tunnels, flush usage, return leases); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no flush, no lease returned. */
  kill(): Promise<void>;
  running(): boolean;
}

export interface GatewayProcessOptions {
  internalSecret: string;
  serverUrl: string;
  instanceId: string;
  env?: Record<string, string>;
  /** The log line that means "ready" (default: a gateway listening). */
  readyText?: string;
}

export async function startGatewayProcess(options: GatewayProcessOptions): Promise<GatewayProcess> {
  const httpPort = await freePort();
  const socksPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/gateway/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      INTERNAL_SECRET: options.internalSecret,
      GATEWAY_SERVER_URL: options.serverUrl,
      GATEWAY_INSTANCE_ID: options.instanceId,
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_HTTP_PORT: String(httpPort),
      GATEWAY_SOCKS_PORT: String(socksPort),
      GATEWAY_ALLOW_PRIVATE: 'true',
      GATEWAY_FLUSH_MS: '200',
      GATEWAY_EVENTS_POLL_MS: '200',
      // The tests read the log as JSON lines (readiness, which worker listened).
      LOG_FORMAT: 'json',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const readyText = options.readyText ?? '"msg":"gateway listening"';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gateway ${options.instanceId} did not start:\n${logs.join('')}`));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      logs.push(chunk.toString());
      if (logs.join('').includes(readyText)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`gateway ${options.instanceId} exited (${code ?? signal}):\n${logs.join('')}`));
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (running()) child.kill(signal);
    return (await exited).code;
  };
  return {
    instanceId: options.instanceId,
    httpPort,
    socksPort,
    child,
    logs,
    stop: () => signalAndWait('SIGTERM'),
    kill: async () => {
      await signalAndWait('SIGKILL');
    },
    running,
  };
}

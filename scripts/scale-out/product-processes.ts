import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { startProcess, type ManagedProcess } from './child-process';
import { GiveUp, waitFor } from './poll';

/**
 * The compiled product as a deployment runs it (decision 022): `node apps/server/dist/main.js` for
 * each API process, `node apps/gateway/dist/main.js` for each gateway, the compiled CLIs for migrate
 * and audit. No TypeScript tool sits in between, so a signal reaches the process itself.
 */
export interface Deployment {
  root: string;
  workDir: string;
  databaseUrl: string;
  /** nginx's public listener: the one address customers and the payment sandbox's webhooks use. */
  publicUrl: string;
  /** nginx's internal listener: where the gateways reach the API (`/api/internal/` only). */
  internalUrl: string;
  smtpUrl: string;
  poolFile: string;
  /** Shared by every process: several of them on one database must agree on all three. */
  secrets: { jwt: string; proxyPasswordKey: string; internal: string };
  /** The ports printed in proxy lists (gateway A's); each gateway listens on its own. */
  listedGateway: { httpPort: number; socksPort: number };
}

export interface GatewayPorts {
  httpPort: number;
  socksPort: number;
}

const START_TIMEOUT_MS = 30_000;

/**
 * What every API process and CLI reads: the same database, secrets and public URL, set as compose.yaml
 * sets them (NODE_ENV=production, so the start-up guard rails are on and the sandbox is a stated choice).
 */
function serverEnv(d: Deployment, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_FORMAT: 'json',
    DATABASE_URL: d.databaseUrl,
    // Migrations are a deploy step run once (`cli/migrate.js`) before the API processes start, as in
    // production; two processes booting at once never race a schema change, and a restarted process
    // starts without touching the schema.
    MIGRATE_ON_BOOT: 'false',
    DATABASE_POOL_MAX: '5',
    DATA_DIR: dataDir,
    PUBLIC_URL: d.publicUrl,
    JWT_SECRET: d.secrets.jwt,
    PROXY_PASSWORD_KEY: d.secrets.proxyPasswordKey,
    INTERNAL_SECRET: d.secrets.internal,
    SMTP_URL: d.smtpUrl,
    SUPPORT_EMAIL: 'support@scale-out.test',
    PAYMENTS_SANDBOX: 'true',
    GATEWAY_IN_PROCESS: 'false',
    GATEWAY_POOL_FILE: d.poolFile,
    GATEWAY_PUBLIC_HOST: '127.0.0.1',
    GATEWAY_HTTP_PORT: String(d.listedGateway.httpPort),
    GATEWAY_SOCKS_PORT: String(d.listedGateway.socksPort),
    // nginx on loopback is the only hop in front: believe its X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    WEB_DIST_DIR: path.join(d.root, 'apps/web/dist'),
    LOG_LEVEL: 'info',
  };
}

/** Whether something accepts connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts one API process on `port` and waits until it answers ready (database reachable). */
export async function startApi(d: Deployment, name: string, port: number): Promise<ManagedProcess> {
  const api = startProcess(name, process.execPath, ['apps/server/dist/main.js'], {
    cwd: d.root,
    env: { ...serverEnv(d, path.join(d.workDir, name)), HOST: '127.0.0.1', PORT: String(port) },
    logDir: d.workDir,
  });
  await waitFor(
    `${name} ready on port ${port}`,
    async () => {
      if (!api.running()) throw new GiveUp(`${name} exited; see ${api.logFile}`);
      return (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok;
    },
    START_TIMEOUT_MS,
  );
  return api;
}

/**
 * Starts one gateway process talking to the API through nginx's internal listener, with its own
 * instance id (as the default id is: unique per process, so a restarted gateway is a new process to
 * the server); ready once both its ports accept connections.
 */
export async function startGateway(
  d: Deployment,
  name: string,
  instanceId: string,
  ports: GatewayPorts,
): Promise<ManagedProcess> {
  const gateway = startProcess(name, process.execPath, ['apps/gateway/dist/main.js'], {
    cwd: d.root,
    env: {
      NODE_ENV: 'production',
      LOG_FORMAT: 'json',
      INTERNAL_SECRET: d.secrets.internal,
      GATEWAY_SERVER_URL: d.internalUrl,
      GATEWAY_INSTANCE_ID: instanceId,
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_HTTP_PORT: String(ports.httpPort),
      GATEWAY_SOCKS_PORT: String(ports.socksPort),
      GATEWAY_POOL_FILE: d.poolFile,
      // The exit and the target live on loopback here; the destination guard would refuse them.
      GATEWAY_ALLOW_PRIVATE: 'true',
      // One usage journal per place (its ports), as production runs it: the process restarted there
      // sends what a SIGKILL left unreported (this run kills right after a flush, so little is left).
      GATEWAY_USAGE_JOURNAL: path.join(d.workDir, `gateway-${ports.httpPort}.journal`),
    },
    logDir: d.workDir,
  });
  await waitFor(
    `${name} listening on ${ports.httpPort} and ${ports.socksPort}`,
    async () => {
      if (!gateway.running()) throw new GiveUp(`${name} exited; see ${gateway.logFile}`);
      return (await listening(ports.httpPort)) && (await listening(ports.socksPort));
    },
    START_TIMEOUT_MS,
  );
  return gateway;
}

/** Runs a compiled CLI (`migrate`, `audit`) against the deployment's database; its code and output. */
export async function runCli(
  d: Deployment,
  cli: 'migrate' | 'audit',
): Promise<{ code: number; output: string }> {
  const env = { PATH: process.env.PATH ?? '', ...serverEnv(d, path.join(d.workDir, `cli-${cli}`)) };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [`apps/server/dist/cli/${cli}.js`],
      {
        cwd: d.root,
        env,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    // A non-zero exit: `code` is the exit code (a string such as ENOENT when it could not start).
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    const code = typeof failed.code === 'number' ? failed.code : 1;
    return { code, output: (failed.stdout ?? '') + (failed.stderr ?? '') + String(error) };
  }
}

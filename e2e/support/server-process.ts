import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dynamicLinks, healthEndpoints } from '@resiport/contract';
import { apiUrl, freePort } from '@resiport/testkit';
import { freshDatabaseUrl } from './database';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  gateway: { httpPort: number; socksPort: number };
  logs: string[];
  stop(): Promise<void>;
}

/**
 * Starts the real server as `npm start` runs it — the compiled `apps/server/dist/main.js` that
 * `npm run build` made (test:e2e builds first) — in a child process on a free port with its own data
 * directory, serving the built web app; waits until it is ready. `adminCommands` run first through
 * the compiled `admin` command against the same database (operator data such as coupons; embedded
 * PGlite admits one process at a time, so before the server).
 */
export async function startServerProcess(
  env: Record<string, string>,
  adminCommands: string[][] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const gatewayPorts = { http: await freePort(), socks: await freePort() };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'resiport-e2e-'));
  const database = await freshDatabaseUrl();
  const url = `http://127.0.0.1:${port}`;
  const serverEnv = {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0001',
    // The in-process gateway, on free ports; e2e targets live on 127.0.0.1, so private destinations are allowed.
    GATEWAY_HTTP_PORT: String(gatewayPorts.http),
    GATEWAY_SOCKS_PORT: String(gatewayPorts.socks),
    GATEWAY_ALLOW_PRIVATE: 'true',
    GATEWAY_FLUSH_MS: '500',
    // No internet here: the portal's proxy test asks this server who it sees (through the gateway).
    PROXY_TEST_URL: `${url}${apiUrl(dynamicLinks.echo)}`,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  };
  for (const args of adminCommands) {
    await promisify(execFile)(process.execPath, ['apps/server/dist/cli/admin.js', ...args], {
      cwd: root,
      env: serverEnv,
    });
  }
  // As `npm run serve` runs it: node itself, so SIGTERM reaches the server.
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  await waitUntilReady(`${url}${apiUrl(healthEndpoints.ready)}`, exited, logs);
  return {
    url,
    gateway: { httpPort: gatewayPorts.http, socksPort: gatewayPorts.socks },
    logs,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilReady(url: string, exited: Promise<void>, logs: string[]): Promise<void> {
  const process = { exited: false };
  void exited.then(() => (process.exited = true));
  for (let attempt = 0; attempt < 240 && !process.exited; attempt++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become ready:\n${logs.join('')}`);
}

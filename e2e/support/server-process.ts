import { execFile, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { healthEndpoints } from '@resiport/contract';
import { apiUrl, serverListening, waitForReport } from '@resiport/testkit';
import { freshDatabaseUrl } from './database';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  /** Its public URL as it reported it (PUBLIC_URL's default, `http://localhost:<the port it got>`). */
  url: string;
  gateway: { httpPort: number; socksPort: number };
  logs: string[];
  stop(): Promise<void>;
}

/**
 * Starts the real server as `npm start` runs it — the compiled `apps/server/dist/main.js` that
 * `npm run build` made (test:e2e builds first) — in a child process with its own data directory,
 * serving the built web app; waits until it is ready. It listens on port 0 and so does its in-process
 * gateway: the OS picks free ports as they are bound, and the server's start line names them
 * (packages/testkit listening.ts). `adminCommands` run first through the compiled `admin` command
 * against the same database (operator data such as coupons; embedded PGlite admits one process at a
 * time, so before the server).
 */
export async function startServerProcess(
  env: Record<string, string>,
  adminCommands: string[][] = [],
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'resiport-e2e-'));
  const database = await freshDatabaseUrl();
  const echo = await startIpEcho();
  const serverEnv = {
    PATH: process.env.PATH ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0001',
    // The in-process gateway, on free ports, printed in proxy lines on loopback; e2e targets live on
    // 127.0.0.1, so private destinations are allowed.
    GATEWAY_PUBLIC_HOST: '127.0.0.1',
    GATEWAY_HTTP_PORT: '0',
    GATEWAY_SOCKS_PORT: '0',
    GATEWAY_ALLOW_PRIVATE: 'true',
    GATEWAY_FLUSH_MS: '500',
    // No internet here: the portal's proxy test asks a local echo who it sees (through the gateway).
    PROXY_TEST_URL: `http://127.0.0.1:${echo.port}/json`,
    // The start line is read as JSON (the ports it got).
    LOG_FORMAT: 'json',
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
  let stdout = ''; // the log alone: a stderr chunk could land in the middle of one of its lines
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    logs.push(chunk.toString());
  });
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    await new Promise((resolve) => echo.server.close(resolve));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const listening = await waitForReport(serverListening, {
      output: () => stdout,
      running: () => child.exitCode === null && child.signalCode === null,
      name: 'server',
      // Migrations and a cold start on a busy CI machine.
      timeoutMs: 90_000,
    });
    if (!listening.gateway) throw new Error(`server started without its in-process gateway:\n${stdout}`);
    await waitUntilReady(`http://127.0.0.1:${listening.port}${apiUrl(healthEndpoints.ready)}`, exited, logs);
    return { url: listening.publicUrl, gateway: listening.gateway, logs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Answers `{ip, country}` with the caller's address, as the proxy test's default (ipinfo.io) does. */
async function startIpEcho(): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ip: request.socket.remoteAddress, country: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
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

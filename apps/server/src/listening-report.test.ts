import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { healthEndpoints } from '@resiport/contract';
import {
  apiUrl,
  createScratchDatabase,
  serverListening,
  waitForReport,
  type ScratchDatabase,
  type ServerListening,
} from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Whatever the listener on `port` says first to `greeting` (a proxy's refusal, a SOCKS method choice). */
function firstAnswer(port: number, greeting: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(greeting));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data);
    });
    socket.once('error', reject);
  });
}

/**
 * The contract a parent relies on (packages/testkit listening.ts): the real server process started
 * with every port 0 binds free ports itself, and its start line names the ports it got and the public
 * URL that follows from them; every named port answers.
 */
describe('server started on port 0 reports the ports it got', () => {
  let child: ChildProcess;
  let output = '';
  let dataDir: string;
  let database: ScratchDatabase | undefined;
  let report: ServerListening;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'resiport-listening-'));
    const adminUrl = process.env.TEST_DATABASE_URL;
    database = adminUrl
      ? await createScratchDatabase(adminUrl, 'resiport_test', inject('templateDatabase'))
      : undefined;
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        GATEWAY_HOST: '127.0.0.1',
        GATEWAY_HTTP_PORT: '0',
        GATEWAY_SOCKS_PORT: '0',
        METRICS_PORT: '0',
        LOG_FORMAT: 'json',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: dataDir,
        JWT_SECRET: 'listening-report-secret-0123456789abcdef',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    report = await waitForReport(serverListening, {
      output: () => output,
      running: () => child.exitCode === null && child.signalCode === null,
      name: 'server',
    });
  });
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('names the API, gateway and metrics ports, and the public URL built from the API port', async () => {
    const { port, gateway, metricsPort } = report;
    expect(gateway).toBeDefined();
    expect(metricsPort).toBeDefined();
    expect(report.publicUrl).toBe(`http://localhost:${port}`);

    const ready = await fetch(`http://127.0.0.1:${port}${apiUrl(healthEndpoints.ready)}`);
    expect(ready.status).toBe(200);
    // The API document names the server where it is, not where it was before the port was picked.
    const docs = (await (await fetch(`http://127.0.0.1:${port}/api/docs/json`)).json()) as {
      servers: { url: string }[];
    };
    expect(docs.servers).toEqual([{ url: report.publicUrl }]);

    const httpProxy = await firstAnswer(
      gateway?.httpPort ?? 0,
      Buffer.from('CONNECT example.com:443 HTTP/1.1\r\n\r\n'),
    );
    expect(httpProxy.toString()).toMatch(/^HTTP\/1\.1 407 /);
    const socks = await firstAnswer(gateway?.socksPort ?? 0, Buffer.from([5, 1, 2]));
    expect([...socks]).toEqual([5, 2]); // username/password, please

    const metrics = await fetch(`http://127.0.0.1:${metricsPort ?? 0}/metrics`);
    expect(metrics.status).toBe(200);
  });
});

import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createScratchDatabase, freePort, startSmtpCapture, type SmtpCapture } from '@resiport/testkit';
import { BillingRecords } from './billing-records';
import type { ManagedProcess } from './child-process';
import { startExitProxy, type ExitProxy } from './exit-proxy';
import { startNginx } from './nginx';
import { runCli, startApi, startGateway, type Deployment } from './product-processes';
import { check, detail, step } from './report';
import { startTargetServer, type TargetServer } from './target-server';
import type { GatewaySlot } from './traffic-load';

export interface Settings {
  root: string;
  workDir: string;
  nginxBin: string;
  /** A PostgreSQL server where the run may create and drop its own database. */
  adminDatabaseUrl: string;
}

/** Everything the run started, by role; processes are replaced in place when restarted. */
export interface Stack {
  deployment: Deployment;
  nginxUrl: string;
  apis: { name: string; port: number; process: ManagedProcess }[];
  gateways: { slot: GatewaySlot; process: ManagedProcess }[];
  nginx: ManagedProcess;
  mailbox: SmtpCapture;
  target: TargetServer;
  exit: ExitProxy;
  records: BillingRecords;
}

/** The gateway processes started first (gateway-a's, gateway-b's); the run restarts gateway-a as a new one. */
export const FIRST_GATEWAY_IDS = ['scaleout-a1', 'scaleout-b1'] as const;

const secret = () => randomBytes(24).toString('hex');

/**
 * `n` different free loopback ports, taken one by one. Reserved ports (testkit free-port.ts), not port 0
 * and a reported port, as a deployment configures them: nginx takes its ports in its config file, and
 * the run kills api-1 and gateway-a and restarts them where nginx and the proxy lines expect them. A
 * port the OS picked for `listen(0)` lies in the ephemeral range, where an outgoing connection can take
 * it while the process is down (the run makes thousands then); below that range only an explicit bind
 * can.
 */
async function freePorts(n: number): Promise<() => number> {
  const ports = new Set<number>();
  while (ports.size < n) ports.add(await freePort());
  const left = [...ports];
  return () => {
    const next = left.shift();
    if (next === undefined) throw new Error('more ports taken than reserved');
    return next;
  };
}

/**
 * Brings the deployment up in order: a fresh database migrated by the compiled migrate CLI; the
 * outside world (SMTP capture, the pool's upstream exit, the download target); two API processes;
 * nginx in front of them; two gateways calling the API through nginx. `cleanups` collects what to
 * undo, so a failure half-way still drops the database and closes the local servers.
 */
export async function bringUp(settings: Settings, cleanups: (() => Promise<void>)[]): Promise<Stack> {
  step('database: a fresh PostgreSQL database, migrated by the compiled CLI (MIGRATE_ON_BOOT=false)');
  const database = await createScratchDatabase(settings.adminDatabaseUrl, 'scaleout');
  cleanups.push(() => database.drop());
  detail(`database ${new URL(database.url).pathname.slice(1)}`);

  const mailbox = await startSmtpCapture();
  cleanups.push(() => mailbox.close());
  const target = await startTargetServer();
  cleanups.push(() => target.close());
  const exit = await startExitProxy('exit-user', secret());
  cleanups.push(() => exit.close());
  const poolFile = path.join(settings.workDir, 'pool.json');
  const pool = {
    exits: [
      {
        id: 'local-exit',
        type: 'http',
        host: '127.0.0.1',
        port: exit.port,
        username: exit.user,
        password: exit.pass,
      },
    ],
  };
  await writeFile(poolFile, JSON.stringify(pool));

  const port = await freePorts(8);
  const [apiPort1, apiPort2] = [port(), port()];
  const nginxPorts = { publicPort: port(), internalPort: port() };
  const [httpA, socksA, httpB, socksB] = [port(), port(), port(), port()];
  const nginxUrl = `http://127.0.0.1:${String(nginxPorts.publicPort)}`;
  const deployment: Deployment = {
    root: settings.root,
    workDir: settings.workDir,
    databaseUrl: database.url,
    publicUrl: nginxUrl,
    internalUrl: `http://127.0.0.1:${String(nginxPorts.internalPort)}`,
    smtpUrl: mailbox.url,
    poolFile,
    secrets: { jwt: secret(), proxyPasswordKey: secret(), internal: secret() },
    listedGateway: { httpPort: httpA, socksPort: socksA },
  };
  const records = new BillingRecords(database.url);
  cleanups.push(() => records.close());

  const migrated = await runCli(deployment, 'migrate');
  if (migrated.code !== 0) throw new Error(`migrate exited ${migrated.code}:\n${migrated.output}`);
  detail(migrated.output.trim());

  step('API: two compiled server processes (GATEWAY_IN_PROCESS=false) on the one database');
  const apis = await Promise.all(
    [
      { name: 'api-1', port: apiPort1 },
      { name: 'api-2', port: apiPort2 },
    ].map(async (api) => ({ ...api, process: await startApi(deployment, api.name, api.port) })),
  );
  for (const api of apis) detail(`${api.name}: pid ${api.process.pid}, 127.0.0.1:${api.port}`);

  step('nginx: deploy/nginx.conf rendered for this machine, load balancing the two API processes');
  const nginx = await startNginx(settings.nginxBin, settings.root, settings.workDir, nginxPorts, [
    apiPort1,
    apiPort2,
  ]);
  detail(`public ${nginxUrl} (PUBLIC_URL), internal ${deployment.internalUrl} (GATEWAY_SERVER_URL)`);
  detail(`both → 127.0.0.1:${String(apiPort1)}, 127.0.0.1:${String(apiPort2)}`);
  const hidden = await fetch(`${nginxUrl}/api/internal/gateway/events`);
  check(hidden.status === 404, `the public listener answered ${hidden.status} for the internal API`);
  detail('the public listener answers 404 for /api/internal/');

  step('gateways: two compiled gateway processes, calling the API through nginx’s internal listener');
  const [idA, idB] = FIRST_GATEWAY_IDS;
  const first = [
    { name: 'gateway-a', instanceId: idA, httpPort: httpA, socksPort: socksA },
    { name: 'gateway-b', instanceId: idB, httpPort: httpB, socksPort: socksB },
  ];
  const gateways = await Promise.all(
    first.map(async (gateway) => {
      const slot: GatewaySlot = { ...gateway };
      return { slot, process: await startGateway(deployment, gateway.name, gateway.instanceId, gateway) };
    }),
  );
  for (const { slot, process } of gateways) {
    detail(
      `${slot.name} (${slot.instanceId ?? ''}): pid ${process.pid}, http ${slot.httpPort}, socks5 ${slot.socksPort}`,
    );
  }
  return { deployment, nginxUrl, apis, gateways, nginx, mailbox, target, exit, records };
}

import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { CREDIT_OVERDRAW_BYTES_PER_TUNNEL, subEndpoints } from '@resiport/contract';
import type { Gateway } from '@resiport/gateway';
import {
  basic,
  closed,
  closeServer,
  drainTransfers,
  httpConnect,
  readAll,
  startBlaster,
  startFirehose,
  socksConnect,
  startHttpTarget,
  waitFor,
  type TransferPath,
} from '@resiport/gateway/testing';
import { auditLedger, createTestApp, trafficConserved, type TestApp } from '@resiport/server/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import { successData } from '@resiport/testkit';
import { startGatewayFor } from './gateways';
import { serverApi } from './server-api';

export const MB = 1_000_000;
export const GB = 1_000_000_000;
export const CHUNK = CREDIT_OVERDRAW_BYTES_PER_TUNNEL;

/**
 * The real API server (listening, real SQL) with local targets, and real gateway processes started
 * against it, for the credit tests of decision 015: what the portal shows, what the server voids,
 * what the gateway delivers.
 */
export async function startCreditServer() {
  const t = await createTestApp({}, { listen: true });
  const blaster = await startBlaster();
  // A slow steady download (~800 kB/s): a 20 MB sub-account lasts long enough to act on it.
  const firehose = await startFirehose(16 * 1024, 20);
  const target = await startHttpTarget();
  const gateways: Gateway[] = [];
  let serial = 0;

  /** A new gateway process object (its own instance id, so its own leases and usage batches). */
  const gateway = async (host = '127.0.0.1', overrides: Record<string, string> = {}) => {
    // Ports the OS picks as it binds (a port found free and bound later can be taken meanwhile).
    const started = await startGatewayFor(t, `credit-${process.pid}-${++serial}`, {
      GATEWAY_HOST: host,
      GATEWAY_METRICS_PORT: '0',
      GATEWAY_FLUSH_MS: '200',
      GATEWAY_EVENTS_POLL_MS: '200',
      ...overrides,
    });
    gateways.push(started);
    return Object.assign(started, {
      tunnelsOpen: () => gauge(host, started.metricsPort, 'resiport_gateway_tunnels_open'),
      clientUnsent: () => gauge(host, started.metricsPort, 'resiport_gateway_client_unsent_bytes'),
    });
  };

  const close = async () => {
    for (const g of gateways) await g.close();
    await closeServer(blaster);
    await closeServer(firehose);
    await closeServer(target);
    await t.close();
  };
  /** `n` transfers on `path` at once, kept going until the gateway ends them (the owner ran dry). */
  const drainOn = (via: Gateway, path: TransferPath, user: string, pass: string, n: number, once = false) =>
    drainTransfers(
      via,
      path,
      { blasterPort: blaster.port, httpTargetPort: target.port },
      { user, pass },
      n,
      once,
    );
  return { t, blaster, firehose, target, gateway, drainOn, close };
}

export type CreditServer = Awaited<ReturnType<typeof startCreditServer>>;

/**
 * The credit server for the calling `describe`: started before its tests, closed after them. The
 * `env` object is filled in when it starts; `views` read it.
 */
export function useCreditServer() {
  const env = {} as CreditServer;
  beforeAll(async () => {
    Object.assign(env, await startCreditServer());
  });
  afterAll(async () => {
    await env.close();
  });
  return { env, views: creditViews(() => env.t) };
}

/** The gateway's own gauge of open tunnels (its `/metrics`): closed tunnels seen without the client reading. */
/** A gauge of the gateway's `/metrics`. */
async function gauge(host: string, port: number | undefined, name: string): Promise<number> {
  const text = await (await fetch(`http://${host}:${port ?? 0}/metrics`)).text();
  const line = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
  if (!line) throw new Error(`no ${name} gauge`);
  return Number(line[1]);
}

/** What the portal and the tables say about one customer's traffic (through the API where it can). */
export function creditViews(app: () => TestApp) {
  const db = () => app().ctx.db;
  const portalSub = async (headers: Record<string, string>, subId: number) => {
    const listed = await serverApi(app()).call(subEndpoints.list, { id: subId }, headers);
    expect(listed.code).toBe(0);
    const data = successData(listed);
    const [sub] = data.list;
    if (!sub || data.list.length !== 1) throw new Error(`sub-account ${subId} not listed once`);
    return { sub, mainLeft: data.main_traffic_left_bytes };
  };
  const subRow = (subId: number) =>
    db().selectFrom('subaccounts').selectAll().where('id', '=', subId).executeTakeFirstOrThrow();
  const accountRow = (accountId: number) =>
    db().selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
  const openLeases = (accountId: number, subId: number | null) =>
    db()
      .selectFrom('traffic_leases')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('subaccount_id', subId === null ? 'is' : '=', subId)
      .where('status', '=', 'open')
      .execute();
  const overruns = (accountId: number, subId: number | null) =>
    db()
      .selectFrom('traffic_overruns')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('subaccount_id', subId === null ? 'is' : '=', subId)
      .orderBy('id')
      .execute();
  /** Every byte gateways reported for the owner (the hourly rollups grow once per applied batch). */
  const reported = async (accountId: number, subId: number | null) => {
    const rows = await db()
      .selectFrom('usage_hourly')
      .select(['bytes_up', 'bytes_down'])
      .where('account_id', '=', accountId)
      .where('subaccount_id', '=', subId ?? 0)
      .execute();
    return Number(rows.reduce((n, r) => n + r.bytes_up + r.bytes_down, 0n));
  };
  /** Debt repayments billed from allocations (ledger `usage` entries with ref_type `allocation`). */
  const repaidByAllocations = async (subId: number) => {
    const rows = await db()
      .selectFrom('ledger_entries')
      .select('amount')
      .where('subaccount_id', '=', subId)
      .where('kind', '=', 'debt_repayment')
      .where('ref_type', '=', 'allocation')
      .execute();
    return { count: rows.length, bytes: -Number(rows.reduce((n, r) => n + r.amount, 0n)) };
  };
  /**
   * Whether a gateway process has applied every change-feed event written so far: it asked the
   * server for the events after the newest one (the server keeps that cursor per process).
   */
  const feedCaughtUp = async (instanceId: string) => {
    const [last, cursor] = await Promise.all([
      db()
        .selectFrom('gateway_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst(),
      db()
        .selectFrom('gateway_feed_cursors')
        .select('event_id')
        .where('instance_id', '=', instanceId)
        .executeTakeFirst(),
    ]);
    return cursor !== undefined && cursor.event_id >= (last?.id ?? 0);
  };
  return { portalSub, subRow, accountRow, openLeases, overruns, reported, repaidByAllocations, feedCaughtUp };
}

/** Every overrun row stays within the bound it recorded; answers their total. */
export function expectOverrunsWithinBound(rows: { bytes: bigint; bound_bytes: bigint }[]): number {
  for (const row of rows) expect(row.bytes).toBeLessThanOrEqual(row.bound_bytes);
  return Number(rows.reduce((n, r) => n + r.bytes, 0n));
}

/** The books after a test: traffic conserved for the account (1 GB bought) and a clean ledger audit. */
export async function expectBooksBalanced(t: TestApp, accountId: number) {
  expect(await trafficConserved(t, accountId, BigInt(GB))).toBe(true);
  const audit = await auditLedger(t.ctx.db);
  expect(audit.mismatches).toEqual([]);
  expect(audit.brokenChains).toEqual([]);
}

/** A portal traffic move (allocate/recycle) of exact bytes, with a fresh request id. */
export function moveTraffic(
  t: TestApp,
  headers: Record<string, string>,
  subId: number,
  action: 'allocate' | 'recycle',
  gbText: string,
) {
  return serverApi(t).call(
    subEndpoints.traffic,
    { id: subId, action, traffic: gbText, request_id: randomUUID() },
    headers,
  );
}

/**
 * Waits until `value` stops changing over several gateway flush intervals and is above zero:
 * a paused client's tunnel has filled its buffers and every byte it moved is reported.
 */
export async function settled(value: () => Promise<number>, what: string): Promise<number> {
  let before = -1;
  let steady = 0;
  await waitFor(
    async () => {
      const now = await value();
      steady = now > 0 && now === before ? steady + 1 : 0;
      before = now;
      await new Promise((resolve) => setTimeout(resolve, 250));
      return steady >= 3;
    },
    20_000,
    what,
  );
  return before;
}

/** A client socket's bytes in both directions (what the gateway metered for it). */
export const moved = (socket: Socket) => socket.bytesRead + socket.bytesWritten;

/**
 * A download from the blaster through the gateway whose client stops reading at once: backpressure
 * stops the tunnel with unused credit in the owner's lease. Resolves once every byte it moved is
 * reported (the owner's used bytes stop changing), with that figure.
 */
export async function pausedDownload(
  gatewayPort: number,
  blasterPort: number,
  credentials: { username: string; password: string },
  usedNow: () => Promise<number>,
) {
  const tunnel = await httpConnect(
    gatewayPort,
    `127.0.0.1:${blasterPort}`,
    basic(credentials.username, credentials.password),
  );
  expect(tunnel.status).toBe(200);
  tunnel.socket.pause();
  const used = await settled(usedNow, 'the paused download reported');
  return { socket: tunnel.socket, used };
}

/** A small HTTP download through a CONNECT tunnel: the status of the CONNECT and the bytes of the answer. */
export async function smallDownload(gatewayPort: number, targetPort: number, user: string, pass: string) {
  const tunnel = await httpConnect(gatewayPort, `127.0.0.1:${targetPort}`, basic(user, pass));
  if (tunnel.status !== 200) {
    tunnel.socket.destroy();
    return { status: tunnel.status, body: '' };
  }
  tunnel.socket.write('GET /bytes/1000 HTTP/1.1\r\nHost: target\r\nConnection: close\r\n\r\n');
  return { status: 200, body: (await readAll(tunnel.socket, 5000)).toString('latin1') };
}

/**
 * Opens `n` tunnels to the blaster at once (half CONNECT, half SOCKS5) and reads them all until the
 * gateway closes them (the owner ran dry): how many opened, and the bytes their clients moved.
 */
export async function drainTunnels(
  gateway: Gateway,
  blasterPort: number,
  user: string,
  pass: string,
  n: number,
): Promise<{ opened: number; received: number }> {
  const opened = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      // A tunnel still in its handshake when the owner runs dry is refused or dropped: not opened.
      try {
        if (i % 2 === 0) {
          const t = await httpConnect(gateway.httpPort, `127.0.0.1:${blasterPort}`, basic(user, pass));
          if (t.status !== 200) t.socket.destroy();
          return t.status === 200 ? t.socket : undefined;
        }
        const s = await socksConnect(
          gateway.socksPort,
          { host: '127.0.0.1', port: blasterPort },
          { user, pass },
        );
        if (s.rep !== 0) s.socket.destroy();
        return s.rep === 0 ? s.socket : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  const sockets = opened.flatMap((s) => (s ? [s] : []));
  await Promise.all(sockets.map((s) => closed(s, 20_000)));
  return { opened: sockets.length, received: sockets.reduce((total, s) => total + moved(s), 0) };
}

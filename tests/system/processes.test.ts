import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { CREDIT_OVERDRAW_BYTES_PER_TUNNEL, LEASE_TTL_SECONDS } from '@resiport/contract';
import {
  basic,
  closed,
  closeServer,
  httpConnect,
  readAll,
  startFirehose,
  startGatewayProcess,
  startHttpTarget,
  waitFor,
  type GatewayProcess,
} from '@resiport/gateway/testing';
import {
  createTestApp,
  reclaimExpiredLeases,
  trafficConserved,
  type TestApp,
} from '@resiport/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub as createCustomer } from './support/customers';
import { trafficRecords } from './support/traffic-records';

const MB = 1_000_000;
const GB = 1_000_000_000;
const PASSWORD = 'Line-pass.1';
/** Tunnels per process in the drain test; each may move one read buffer past its owner's credit. */
const TUNNELS_PER_PROCESS = 4;

const moved = (socket: Socket) => socket.bytesRead + socket.bytesWritten;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Several real gateway processes (separate OS processes, `tsx apps/gateway/src/main.ts`) against one
 * real server: each holds its own leases, so the server is what keeps them from spending more than
 * there is, and what voids the lease of a process that died.
 */
describe('gateway processes against one server: drain across processes, a crash mid-transfer', () => {
  let t: TestApp;
  let firehose: Awaited<ReturnType<typeof startFirehose>>;
  let target: Awaited<ReturnType<typeof startHttpTarget>>;
  const processes: GatewayProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    firehose = await startFirehose();
    target = await startHttpTarget();
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    await closeServer(firehose);
    await closeServer(target);
    await t.close();
  });

  const startProcess = async (name: string) => {
    const gateway = await startGatewayProcess({
      internalSecret: t.ctx.internalSecret,
      serverUrl: t.config.publicUrl,
      instanceId: `${name}-${randomBytes(3).toString('hex')}`,
    });
    processes.push(gateway);
    return gateway;
  };

  const customerWithSub = (subMb: number) => createCustomer(t, subMb, PASSWORD);
  const { sub, leasesOf, reported, ledgerSpent, usageDebits, usageBatches } = trafficRecords(() => t);
  const conserved = (accountId: number) => trafficConserved(t, accountId, BigInt(GB));

  it('drain: 8 firehose tunnels on two processes spend a 50 MB sub-account to exactly zero, cut together, then 402', async () => {
    const gateways = await Promise.all([startProcess('drain-a'), startProcess('drain-b')]);
    const { id, username, subId } = await customerWithSub(50);

    const openTunnel = async (gateway: GatewayProcess) => {
      const tunnel = await httpConnect(
        gateway.httpPort,
        `127.0.0.1:${firehose.port}`,
        basic(username, PASSWORD),
      );
      expect(tunnel.status).toBe(200);
      const openedAt = Date.now(); // from here the firehose streams
      const closedAt = closed(tunnel.socket, 15_000).then(() => Date.now());
      return { gateway, socket: tunnel.socket, openedAt, closedAt };
    };
    const tunnels = await Promise.all(
      gateways.flatMap((gateway) => Array.from({ length: TUNNELS_PER_PROCESS }, () => openTunnel(gateway))),
    );
    const closedAt = await Promise.all(tunnels.map((x) => x.closedAt));
    const spreadMs = Math.max(...closedAt) - Math.min(...closedAt);
    const delivered = tunnels.reduce((n, x) => n + moved(x.socket), 0);

    // Per process: what its 4 tunnels delivered, over how long (its throughput on this machine).
    const perProcess = gateways.map((gateway) => {
      const own = tunnels
        .map((x, i) => ({ ...x, closedAt: closedAt[i] ?? 0 }))
        .filter((x) => x.gateway === gateway);
      const bytes = own.reduce((n, x) => n + moved(x.socket), 0);
      const seconds =
        (Math.max(...own.map((x) => x.closedAt)) - Math.min(...own.map((x) => x.openedAt))) / 1000;
      return { instanceId: gateway.instanceId, bytes, seconds, rate: bytes / seconds };
    });

    const refusals = await Promise.all(
      gateways.map((gateway) =>
        httpConnect(gateway.httpPort, `127.0.0.1:${target.port}`, basic(username, PASSWORD)),
      ),
    );
    for (const refused of refusals) refused.socket.destroy();

    await waitFor(
      async () => (await sub(subId)).traffic_used_bytes >= BigInt(50 * MB),
      5000,
      'the 50 MB billed',
    );
    const exitCodes = await Promise.all(gateways.map((g) => g.stop()));
    const leases = await leasesOf(subId);
    const overrun = leases.reduce((n, l) => n + l.overrun_bytes, 0n);
    const metered = await reported(subId);

    // Credit is spent per chunk as tunnels read (decision 015): at zero a process holds its tunnels
    // until a renewal, and closes them when nothing is left. So each process delivers past what the
    // server billed for it at most one read buffer per open tunnel, whatever the speed.
    const past = await Promise.all(
      perProcess.map(async (p) => {
        // What the server billed for this process: from its lease, plus any report beyond the lease that
        // still found traffic left (a usage batch can land before the lease call asking for it).
        const fromLease = leases
          .filter((l) => l.instance_id === p.instanceId)
          .reduce((n, l) => n + Number(l.used_bytes), 0);
        const fromLeft = await usageDebits(subId, p.instanceId);
        const billed = fromLease + fromLeft;
        const bound = TUNNELS_PER_PROCESS * CREDIT_OVERDRAW_BYTES_PER_TUNNEL;
        return { ...p, billed, past: p.bytes - billed, bound };
      }),
    );
    const bound = past.reduce((n, p) => n + p.bound, 0);
    console.info(
      `drain: 2 processes × 4 firehose tunnels on 50 MB: ${past
        .map(
          (p, i) =>
            `process ${i + 1} delivered ${(p.bytes / MB).toFixed(1)} MB in ${p.seconds.toFixed(2)} s (${(p.rate / MB).toFixed(1)} MB/s) billed ${p.billed / MB} MB: ${(p.past / MB).toFixed(2)} MB past it (bound ${(p.bound / MB).toFixed(2)} MB)`,
        )
        .join(
          ', ',
        )}; delivered ${(delivered / MB).toFixed(2)} MB in all, ${((delivered - 50 * MB) / MB).toFixed(2)} MB past zero (bound ${(bound / MB).toFixed(2)} MB); metered ${Number(metered) / MB} MB, overrun recorded ${Number(overrun) / MB} MB; tunnels closed within ${spreadMs} ms of each other; after: ${refusals.map((r) => `${r.status} ${r.header('x-resiport-reason') ?? ''}`).join(', ')}`,
    );

    expect(exitCodes).toEqual([0, 0]);
    expect(gateways.map((g) => g.running())).toEqual([false, false]);
    // The sub-account paid its 50 MB, not a byte short; the chunk past zero was paid from the main
    // account (decision 015), so every metered byte is billed to the customer.
    expect(await sub(subId)).toEqual({ traffic_left_bytes: 0n, traffic_used_bytes: metered });
    expect(await ledgerSpent(subId)).toBe(BigInt(50 * MB));
    // Delivered past zero: at most one read buffer per tunnel of each process.
    expect(past.reduce((n, p) => n + p.billed, 0)).toBe(50 * MB);
    for (const p of past) expect(p.past).toBeLessThanOrEqual(p.bound);
    expect(delivered).toBeGreaterThan(50 * MB);
    expect(delivered - 50 * MB).toBeLessThanOrEqual(bound);
    // The gateways metered at least what the clients received (written to the socket ≥ read by the client),
    // and with the main account able to pay, nothing was written off.
    expect(metered).toBeGreaterThanOrEqual(BigInt(delivered));
    expect(overrun).toBe(0n);
    expect(spreadMs).toBeLessThanOrEqual(2000);
    expect(refusals.map((r) => [r.status, r.header('x-resiport-reason')])).toEqual([
      [402, 'no_traffic'],
      [402, 'no_traffic'],
    ]);
    // Both processes held a lease of this owner, and both gave it back on the graceful stop.
    expect(new Set(leases.map((l) => l.instance_id))).toEqual(new Set(gateways.map((g) => g.instanceId)));
    expect(leases.every((l) => l.status === 'closed')).toBe(true);
    for (const g of gateways) expect(await usageBatches(g.instanceId)).toBeGreaterThan(0);
    expect(await conserved(id)).toBe(true);
  });

  it('a process SIGKILLed mid-transfer loses at most its one lease, which is reclaimed; the next process bills normally', async () => {
    const { id, username, subId } = await customerWithSub(200);
    const crashing = await startProcess('crash');
    const tunnel = await httpConnect(
      crashing.httpPort,
      `127.0.0.1:${firehose.port}`,
      basic(username, PASSWORD),
    );
    expect(tunnel.status).toBe(200);
    const openedAt = Date.now();
    tunnel.socket.resume(); // a download at the firehose's pace
    await waitFor(async () => (await sub(subId)).traffic_used_bytes > 0n, 10_000, 'first usage billed');
    // Mid-transfer: the client has more than is billed (bytes moved, not yet reported).
    await waitFor(
      async () => BigInt(moved(tunnel.socket)) > (await sub(subId)).traffic_used_bytes,
      10_000,
      'bytes moved beyond what is billed',
    );
    const held = await leasesOf(subId);
    expect(held.map((l) => [l.instance_id, l.status])).toEqual([[crashing.instanceId, 'open']]);

    await crashing.kill();
    expect(crashing.running()).toBe(false);
    await closed(tunnel.socket, 5000); // the kernel closes the client's connection when the process dies
    const killedAfter = (Date.now() - openedAt) / 1000;
    const delivered = moved(tunnel.socket);
    // A dead process sends nothing more; only a usage call the server had already received can still
    // land, and nothing outside the server says when its handling ends: a short window for it.
    await sleep(300);
    const [atKill] = await leasesOf(subId);
    if (!atKill) throw new Error('no lease');
    const billed = (await sub(subId)).traffic_used_bytes;
    const outstanding = atKill.granted_bytes - atKill.used_bytes;

    // Still within its TTL: a crashed process's lease is not voided early (it might be alive and renewing).
    expect(await reclaimExpiredLeases(t.ctx)).toBe(0);
    t.advanceClock(LEASE_TTL_SECONDS + 1);
    expect(await reclaimExpiredLeases(t.ctx)).toBe(1);
    const [reclaimed] = await leasesOf(subId);
    const afterReclaim = await sub(subId);
    const lost = BigInt(delivered) - billed;
    console.info(
      `crash: SIGKILL after ${killedAfter.toFixed(2)} s; client moved ${(delivered / MB).toFixed(2)} MB, billed ${Number(billed) / MB} MB, lost ${(Number(lost) / MB).toFixed(2)} MB; the lease held ${Number(atKill.granted_bytes) / MB} MB in ${atKill.grants} grants, ${Number(atKill.used_bytes) / MB} MB reported, ${Number(outstanding) / MB} MB returned by the reclaim`,
    );

    // Never billed more than delivered; what the crash lost is bounded by the one lease it held.
    expect(billed).toBeGreaterThan(0n);
    expect(billed).toBeLessThanOrEqual(BigInt(delivered));
    expect(lost).toBeLessThanOrEqual(outstanding);
    expect(atKill.used_bytes).toBe(billed);
    expect(atKill.overrun_bytes).toBe(0n);
    // The reclaim closed the lease and gave its unused part back; nothing billed by it.
    expect(reclaimed?.status).toBe('closed');
    expect(afterReclaim).toEqual({
      traffic_left_bytes: BigInt(200 * MB) - billed,
      traffic_used_bytes: billed,
    });
    expect(await conserved(id)).toBe(true);
    expect(await reported(subId)).toBe(billed);
    expect(await ledgerSpent(subId)).toBe(billed);

    // A new process serves the same credentials and bills exactly what moved.
    const successor = await startProcess('after-crash');
    const next = await httpConnect(
      successor.httpPort,
      `127.0.0.1:${target.port}`,
      basic(`${username}-session-next1`, PASSWORD),
    );
    expect(next.status).toBe(200);
    next.socket.write(`GET /bytes/${2 * MB} HTTP/1.1\r\nHost: target\r\nConnection: close\r\n\r\n`);
    const body = await readAll(next.socket, 10_000);
    expect(body.length).toBeGreaterThan(2 * MB);
    const nextMoved = BigInt(moved(next.socket));
    expect(await successor.stop()).toBe(0);
    console.info(
      `crash: the next process moved ${nextMoved} bytes and billed ${(await sub(subId)).traffic_used_bytes - billed}`,
    );
    expect(await sub(subId)).toEqual({
      traffic_left_bytes: BigInt(200 * MB) - billed - nextMoved,
      traffic_used_bytes: billed + nextMoved,
    });
    const leases = await leasesOf(subId);
    expect(leases.map((l) => [l.instance_id, l.status])).toEqual([
      [crashing.instanceId, 'closed'],
      [successor.instanceId, 'closed'],
    ]);
    expect(await reported(subId)).toBe(billed + nextMoved);
    expect(await ledgerSpent(subId)).toBe(billed + nextMoved);
    expect(await conserved(id)).toBe(true);
  });
});

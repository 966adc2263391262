import { monitorEventLoopDelay } from 'node:perf_hooks';
import { proxyPasswordVerifier, proxyVerifierKey } from '@resiport/contract/proxy-verifier';
import { startEventPoller } from '../../apps/gateway/src/control/events';
import { Leases } from '../../apps/gateway/src/meter/leases';
import { createServerClient, type ServerClient } from '../../apps/gateway/src/server-client';
import { UsageReporter, type UsageSource } from '../../apps/gateway/src/usage/reporter';
import {
  emptyWindow,
  type CallKind,
  type GatewaySimConfig,
  type ToChild,
  type ToParent,
  type WindowStats,
} from './capacity-protocol';

/**
 * One simulated gateway process of the capacity bench (`node --import tsx`, started by
 * bench/capacity.ts, one per instance id). It runs the gateway's own parts — the server client,
 * `Leases`, `UsageReporter` and the change-feed poller from apps/gateway/src, wired as gateway.ts
 * wires them — with owners spending at a steady pace in place of tunnels: every meter tick (250 ms)
 * each owner moves its bytes in 64 KiB chunks through `OwnerCredit.spend` (so renewals come at the
 * real gateway's pace and a dry owner is held), the reporter gets the bytes, usage is flushed every
 * `flushMs`, credentials (or the whitelisted address) are asked again when the gateway's 60 s cache
 * would lapse. Baseline mode sends the same usage batches and nothing else.
 */

const TICK_MS = 250;
const CHUNK = 65_536;
const CREDENTIALS_TTL_MS = 60_000;
const LEASE_IDLE_MS = 30_000;
const SLOTS = CREDENTIALS_TTL_MS / TICK_MS;

const send = (message: ToParent) => process.send?.(message);

let window: WindowStats | undefined;

/** The gateway's client, timed per call into the open measurement window. */
function timedClient(client: ServerClient): ServerClient {
  const timed = async <R>(kind: CallKind, call: () => Promise<R>): Promise<R> => {
    const open = window;
    const started = performance.now();
    try {
      return await call();
    } catch (error) {
      if (open) open.calls[kind].errors++;
      throw error;
    } finally {
      if (open) {
        open.calls[kind].count++;
        if (kind !== 'events') open.calls[kind].ms.push(performance.now() - started);
      }
    }
  };
  return {
    credentials: (username) => timed('credentials', () => client.credentials(username)),
    whitelist: (ip) => timed('whitelist', () => client.whitelist(ip)),
    lease: (owner, want) => timed('lease', () => client.lease(owner, want)),
    release: (owner) => timed('release', () => client.release(owner)),
    usage: (batch) => timed('usage', () => client.usage(batch)),
    eventsHead: () => client.eventsHead(),
    events: (after, wait) => timed('events', () => client.events(after, wait)),
    session: (owner, id, minutes) => client.session(owner, id, minutes),
    exits: () => client.exits(),
    exitHealth: (reports) => client.exitHealth(reports),
  };
}

async function run(config: GatewaySimConfig): Promise<void> {
  const product = config.mode === 'product';
  const timedServer = timedClient(
    createServerClient({
      baseUrl: config.serverUrl,
      secret: config.secret,
      instanceId: config.instanceId,
      timeoutMs: 5000,
    }),
  );
  /** Every batch this process sent (first attempt), with its bytes: whether it was applied is the server's word. */
  const batches = new Map<string, { bytes: number; acked: boolean }>();
  const client: ServerClient = {
    ...timedServer,
    usage: (batch) => {
      if (!batches.has(batch.batch_id)) {
        const bytes = batch.entries.reduce((sum, e) => sum + e.bytes_up + e.bytes_down, 0);
        batches.set(batch.batch_id, { bytes, acked: false });
      }
      return timedServer.usage(batch);
    },
  };
  const verifier = proxyPasswordVerifier(proxyVerifierKey(config.secret), config.password);
  const totals = {
    ackedBytes: 0,
    batchesAcked: 0,
    usageErrors: 0,
    leaseErrors: 0,
    authMismatches: 0,
    authFailures: 0,
    cuts: 0,
  };
  const held = new Set<string>();
  /** Owners whose tunnels were closed (nothing left, or the server did not answer), since when. */
  const cut = new Map<string, number>();
  const reconnecting = new Set<string>();
  const owners = config.owners.map((o) => {
    const key = `${o.account_id}:${o.subaccount_id ?? 'main'}`;
    const owner = { account_id: o.account_id, subaccount_id: o.subaccount_id };
    const source: UsageSource = {
      ownerKey: key,
      owner,
      via: o.subaccount_id === null ? 'whitelist' : 'password',
      sourceIp: o.ip ?? '127.0.0.1',
    };
    return { ...o, key, owner, source };
  });

  const leases = new Leases({
    client,
    minBytes: 1_000_000,
    maxBytes: 256_000_000,
    hold: (key) => held.add(key),
    release: (key) => held.delete(key),
    cut: (key) => {
      if (cut.has(key)) return;
      cut.set(key, Date.now());
      totals.cuts++;
      if (window) window.cuts++;
    },
    hasTunnels: (key) => !cut.has(key),
    onRevoked: () => undefined,
    onError: () => totals.leaseErrors++,
  });
  const reporter = new UsageReporter({
    client,
    instanceId: config.instanceId,
    onAcked: (keys, batch) => {
      if (product) leases.touch(keys);
      totals.batchesAcked++;
      for (const e of batch.entries) totals.ackedBytes += e.bytes_up + e.bytes_down;
      const sent = batches.get(batch.batch_id);
      if (sent) sent.acked = true;
      if (window) {
        window.batchesAcked++;
        window.entriesAcked += batch.entries.length;
      }
    },
    onError: (error) => {
      totals.usageErrors++;
      if (totals.usageErrors <= 3) console.error(`${config.instanceId}: usage: ${error.message}`);
    },
  });

  /** What the gateway's authenticator asks when its cached answer lapsed (verified like a login). */
  const authenticate = async (o: (typeof owners)[number]) => {
    try {
      if (o.subaccount_id === null) {
        if ((await client.whitelist(o.ip ?? '')) !== o.account_id) totals.authMismatches++;
      } else {
        const found = await client.credentials(o.username ?? '');
        if (!found.active || found.subaccount_id !== o.subaccount_id || found.verifier !== verifier) {
          totals.authMismatches++;
        }
      }
    } catch {
      totals.authFailures++; // no answer in time: the gateway would refuse this login
    }
  };

  if (product) {
    // Tunnels open: each owner signs in and reserves its first lease, 16 at a time.
    let next = 0;
    const worker = async () => {
      for (let o = owners[next++]; o; o = owners[next++]) {
        await authenticate(o);
        if ((await leases.acquire(o.owner, o.key)) !== undefined) cut.set(o.key, Date.now());
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  }
  const events = product
    ? startEventPoller({ client, from: await client.eventsHead(), intervalMs: 250, onEvent: () => undefined })
    : undefined;

  let tickNo = 0;
  let last = performance.now();
  const tickTimer = setInterval(() => {
    const now = performance.now();
    const seconds = (now - last) / 1000;
    last = now;
    tickNo++;
    for (const [index, o] of owners.entries()) {
      if (window) window.ownerTicks++;
      const cutAt = cut.get(o.key);
      if (cutAt !== undefined) {
        if (window) window.heldTicks++;
        // Its clients connect again a second later: a new tunnel asks for credit first.
        if (product && Date.now() - cutAt >= 1000 && !reconnecting.has(o.key)) {
          reconnecting.add(o.key);
          // `acquire` answers at once (undefined) when the owner has credit in hand.
          void Promise.resolve(leases.acquire(o.owner, o.key))
            .then((refusal) => (refusal === undefined ? cut.delete(o.key) : cut.set(o.key, Date.now())))
            .finally(() => reconnecting.delete(o.key));
        }
        continue;
      }
      let bytes = Math.round(o.bytesPerSecond * seconds);
      let moved = bytes;
      if (product) {
        if (Math.floor((index * SLOTS) / owners.length) === tickNo % SLOTS) void authenticate(o);
        const credit = leases.of(o.owner, o.key);
        moved = 0;
        // The relay: one chunk at a time while the owner is not held for credit.
        while (bytes > 0 && !held.has(o.key)) {
          const chunk = Math.min(CHUNK, bytes);
          credit.spend(chunk);
          moved += chunk;
          bytes -= chunk;
        }
        if (held.has(o.key) && window) window.heldTicks++;
      }
      if ((index + tickNo) % 4 === 0) reporter.countConnection(o.source);
      const up = Math.round(moved / 10);
      reporter.add(o.source, up, moved - up, 2);
    }
    if (product) leases.upkeep();
  }, TICK_MS);

  // As gateway.ts: flush, then give back leases of owners idle for a while (none here while running).
  const flushTimer = setInterval(() => {
    if (window) window.flushesDue++;
    void reporter.flush().then(async () => {
      if (!product) return;
      for (const key of leases.idle(LEASE_IDLE_MS)) {
        if (reporter.isSettled(key)) await leases.release(key).catch(() => undefined);
      }
    });
  }, config.flushMs);

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let windowStarted = 0;
  process.on('message', (message: ToChild) => {
    if (message.type === 'begin') {
      loop.reset();
      windowStarted = performance.now();
      window = emptyWindow();
    } else if (message.type === 'end' && window) {
      window.seconds = (performance.now() - windowStarted) / 1000;
      window.loopP99Ms = loop.percentile(99) / 1e6;
      send({ type: 'window', stats: window });
      window = undefined;
    } else if (message.type === 'stop') {
      void (async () => {
        clearInterval(tickTimer);
        clearInterval(flushTimer);
        await events?.stop();
        // A graceful stop: every byte reported and acknowledged, every lease given back.
        const drained = await reporter.drain(Date.now() + 10_000);
        if (product) await leases.releaseAll();
        const sent = [...batches].map(([id, b]) => ({ id, ...b }));
        const stopped: ToParent = { type: 'stopped', totals: { ...totals, drained, batches: sent } };
        process.send?.(stopped, undefined, {}, () => process.exit(0));
      })();
    }
  });
  send({ type: 'ready', cutOwners: cut.size });
}

process.once('message', (message: ToChild) => {
  if (message.type !== 'start') return;
  run(message.config).catch((error: unknown) => {
    send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
});

import type { Server } from 'node:net';
import { proxyVerifierKey } from '@resiport/contract/proxy-verifier';
import { Authenticator } from './auth/authenticator';
import type { GatewayConfig } from './config';
import { applyAccessEvent } from './control/access-events';
import { followChangeFeed, type GatewayEvent } from './control/events';
import { followServerPool } from './control/server-pool';
import { hostsToTry, listenOn, listenOnFirst } from './listen/bind';
import { openConnections } from './listen/open-connections';
import { createHttpProxy } from './listen/http-proxy';
import { createSocksServer } from './listen/socks5';
import { UnauthenticatedConnections } from './listen/unauthenticated';
import { createLogger } from '@resiport/logging';
import type { GatewayLogger } from './log';
import { creditHooks } from './meter/credit-hooks';
import { Leases } from './meter/leases';
import { Meter } from './meter/meter';
import { Metrics, serveMetrics } from './metrics';
import { ExitHealth } from './route/exit-health';
import { ExitPool } from './route/pool';
import { Router } from './route/router';
import { SessionEpochs } from './route/session-epochs';
import { AuthFailureLog } from './auth/failure-log';
import { TargetingRules } from './route/targeting';
import { createServerClient, type ServerClient } from './server-client';
import { TunnelService } from './tunnel/service';
import { startUsageReporting } from './usage/reporting';

export interface GatewayDeps {
  log?: GatewayLogger;
  /** Replaces the HTTP client of the internal calls (tests, or an in-process server). */
  client?: ServerClient;
  now?: () => number;
  random?: () => number;
}

export interface Gateway {
  httpPort: number;
  socksPort: number;
  metricsPort: number | undefined;
  instanceId: string;
  metrics: Metrics;
  /** Stops accepting, closes tunnels (metering their last bytes), flushes usage, returns leases. */
  close(): Promise<void>;
}

/** An owner whose unsent usage passes this is flushed before the regular interval. */
const EARLY_FLUSH_BYTES = 64_000_000;
const AUTH_FAILURE_LOG_MS = 60_000;

/** The wiring of every part (docs/architecture.md#gateway-principles), explicit so one can read the data path top to bottom. */
export async function createGateway(config: GatewayConfig, deps: GatewayDeps = {}): Promise<Gateway> {
  const log = deps.log ?? createLogger(config.log);
  const now = deps.now ?? Date.now;
  const metrics = new Metrics();
  const client =
    deps.client ??
    createServerClient({
      baseUrl: config.serverUrl,
      secret: config.internalSecret,
      instanceId: config.instanceId,
      timeoutMs: config.serverCallTimeoutMs,
    });

  // Replaced with the pool (decision 030): the authenticator asks whichever is current.
  let targeting = new TargetingRules(config.pool);
  const authFailures = new AuthFailureLog();
  const authenticator = new Authenticator({
    client,
    verifierKey: proxyVerifierKey(config.internalSecret),
    throttle: config.authThrottle,
    credentialsTtlMs: config.credentialsTtlMs,
    negativeTtlMs: config.negativeTtlMs,
    now,
    onFailure: (reason, sourceIp) => {
      Metrics.bump(metrics.authFailures, reason);
      authFailures.record(reason, sourceIp);
    },
    targetingProblem: (target) => targeting.problem(target),
  });

  // Journaled when GATEWAY_USAGE_JOURNAL is set: what a crash left unreported is sent first.
  const usage = await startUsageReporting({
    client,
    instanceId: config.instanceId,
    journal: config.usageJournal,
    checkpointMs: config.usageJournalMs,
    log,
    onAcked: (keys) => {
      metrics.usageBatches++;
      leases.touch(keys);
    },
    onError: (error) => {
      metrics.usageErrors++;
      log.warn({ err: error.message }, 'usage batch not acknowledged; kept for retry');
    },
  });
  const { reporter } = usage;

  // Bytes sampled from client sockets are billed (usage); credit is spent on the data path.
  const meter = new Meter(
    (identity, up, down, tunnels, exitId) => {
      metrics.bytesUp += up;
      metrics.bytesDown += down;
      reporter.add(identity, up, down, tunnels);
      reporter.addExit(exitId, up + down);
    },
    config.idleTimeoutMs,
    now,
  );

  const leases = new Leases({
    client,
    minBytes: config.leaseMinBytes,
    maxBytes: config.leaseMaxBytes,
    now,
    ...creditHooks(meter, {
      onHold: () => metrics.holds++,
      onCut: (ownerKey, reason) => {
        metrics.cuts++;
        log.info({ owner: ownerKey, reason }, 'owner cut off');
      },
    }),
    onRevoked: (owner) => authenticator.forgetOwner(owner.account_id, owner.subaccount_id),
    onRenewal: () => metrics.leaseRenewals++,
    onError: (error) => {
      metrics.leaseErrors++;
      log.warn({ err: error.message }, 'lease call failed');
    },
  });

  const pool = new ExitPool(config.pool, config.exitRestMs, now, deps.random);
  const sessions = new SessionEpochs({
    ask: (owner, sessionId, minutes) => client.session(owner, sessionId, minutes),
    now,
    onError: (error) => log.warn({ err: error.message }, 'session epoch unavailable; local first use kept'),
  });
  const exitHealth = new ExitHealth(pool, now);
  const router = new Router(
    pool,
    sessions,
    { timeoutMs: config.connectTimeoutMs, allowPrivate: config.allowPrivate },
    (exit, error) => {
      exitHealth.failed(exit, error);
      log.warn({ exit: exit.id, err: error.message }, 'exit failed; resting it');
    },
    (exit) => exitHealth.succeeded(exit),
  );
  const service = new TunnelService({
    authenticator,
    leases,
    meter,
    router,
    reporter,
    metrics,
    maxConnectionsPerAccount: config.maxConnectionsPerAccount,
  });

  const serverPool = await followServerPool({
    config,
    client,
    pool,
    health: exitHealth,
    meter,
    log,
    onPool: (next) => (targeting = new TargetingRules(next)),
  });

  const onEvent = (event: GatewayEvent) => {
    if (event.kind === 'exits') {
      serverPool.changed();
    } else {
      applyAccessEvent(event, { leases, authenticator, meter, log });
    }
  };
  const events = await followChangeFeed({
    client,
    intervalMs: config.eventsPollMs,
    onEvent,
    onError: (error) => log.warn({ err: error.message }, 'change feed unavailable'),
    onHeadUnavailable: (error) =>
      log.warn({ err: error.message }, 'change feed head unavailable; following the feed from its start'),
  });

  // Sign-in failures as one security event a minute (decision 021), not one line per guess.
  const authFailureTimer = setInterval(() => {
    const summary = authFailures.take();
    if (summary) log.warn({ event: 'security.gateway_auth_failures', ...summary }, 'proxy sign-in failures');
  }, AUTH_FAILURE_LOG_MS);
  authFailureTimer.unref();

  // The meter: every tunnel each tick, for billing (credit is enforced on the data path, not here).
  const meterTimer = setInterval(() => {
    meter.tick();
    leases.upkeep();
    if (meter.owners().some((key) => reporter.pendingBytes(key) >= EARLY_FLUSH_BYTES)) {
      void reporter.flush();
    }
  }, config.meterTickMs);

  // Usage flush, then leases of owners idle for a while (and fully reported) go back.
  const flushTimer = setInterval(() => {
    void reporter.flush().then(async () => {
      for (const key of leases.idle(config.leaseIdleMs)) {
        if (!reporter.isSettled(key)) continue;
        await leases
          .release(key)
          .catch((e: unknown) => log.warn({ err: (e as Error).message }, 'release failed'));
      }
    });
  }, config.flushMs);

  // One count for both ports: an address gets the cap once, not once per port.
  const unauthenticated = new UnauthenticatedConnections(config.maxUnauthenticatedPerIp);
  const httpServer = createHttpProxy(service, {
    handshakeTimeoutMs: config.handshakeTimeoutMs,
    keepAliveTimeoutMs: config.keepAliveTimeoutMs,
    unauthenticated,
  });
  const socksServer = createSocksServer(service, {
    handshakeTimeoutMs: config.handshakeTimeoutMs,
    unauthenticated,
  });
  const sockets = openConnections([httpServer, socksServer]);
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : serveMetrics(() =>
          metrics.render({
            tunnelsOpen: meter.size,
            usageQueued: reporter.queued,
            clientUnsent: meter.unsentBytes(),
          }),
        );

  let httpPort: number;
  let socksPort: number;
  let metricsPort: number | undefined;
  let host = config.host;
  try {
    // The first listener finds out whether this machine has IPv6; the others follow it.
    ({ port: httpPort, host } = await listenOnFirst(
      httpServer,
      config.httpPort,
      hostsToTry(config.host),
      (failed, error, next) =>
        log.warn({ host: failed, err: error.code, fallback: next }, 'no IPv6 here; listening on IPv4 only'),
    ));
    socksPort = await listenOn(socksServer, config.socksPort, host);
    // Port 0 in a cluster: each worker its own port (shared, scrapes would reach any one of them).
    metricsPort =
      metricsServer &&
      (await listenOn(metricsServer, config.metricsPort ?? 0, host, config.metricsPort === 0));
  } catch (error) {
    clearInterval(meterTimer);
    clearInterval(flushTimer);
    clearInterval(authFailureTimer);
    await usage.stop();
    serverPool.stop();
    await events.stop();
    for (const server of [httpServer, socksServer, metricsServer]) server?.close();
    throw error;
  }
  log.info(
    { host, httpPort, socksPort, metricsPort, instance: config.instanceId, pid: process.pid },
    'gateway listening',
  );

  let closing: Promise<void> | undefined;
  const close = async () => {
    const closed = (server: Server | undefined) =>
      new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    const stopped = Promise.all([closed(httpServer), closed(socksServer), closed(metricsServer)]);
    clearInterval(flushTimer);
    clearInterval(authFailureTimer);
    serverPool.stop();
    await events.stop();
    // Every connection goes; each tunnel's client socket gets its final byte read as it closes.
    meter.cut(() => true);
    for (const socket of sockets) socket.destroy();
    await stopped;
    clearInterval(meterTimer);
    meter.tick();
    // What is not acknowledged stays in the journal (if any): the next process on it sends it.
    if (!(await reporter.drain(Date.now() + 10_000))) log.error({}, 'usage not acknowledged at close');
    await usage.stop();
    await leases.releaseAll();
    log.info({ instance: config.instanceId }, 'gateway closed');
  };
  return {
    httpPort,
    socksPort,
    metricsPort,
    instanceId: config.instanceId,
    metrics,
    close: () => (closing ??= close()),
  };
}

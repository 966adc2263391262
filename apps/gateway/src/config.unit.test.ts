import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadGatewayConfig } from './config';

const secret = { INTERNAL_SECRET: 'x'.repeat(32) };

describe('gateway configuration', () => {
  it('has the documented defaults', () => {
    const config = loadGatewayConfig(secret);
    expect(config).toMatchObject({
      host: '::',
      httpPort: 8000,
      socksPort: 1080,
      metricsPort: undefined,
      serverUrl: 'http://127.0.0.1:8080',
      allowPrivate: false,
      handshakeTimeoutMs: 10_000,
      connectTimeoutMs: 10_000,
      idleTimeoutMs: 120_000,
      keepAliveTimeoutMs: 30_000,
      maxConnectionsPerAccount: 500,
      maxUnauthenticatedPerIp: 64,
      meterTickMs: 250,
      flushMs: 5000,
      pool: { exits: [{ id: 'direct', type: 'direct', weight: 1 }] },
    });
    expect(config.instanceId).toMatch(/^[\w.:-]{1,64}$/);
    expect(loadGatewayConfig(secret).instanceId).not.toBe(config.instanceId);
  });

  it('throttles failed logins per (address, name) and per sub-account, and names the replaced variable', () => {
    expect(loadGatewayConfig(secret)).toMatchObject({
      negativeTtlMs: 500,
      authThrottle: {
        pairFailures: 10,
        backoffMs: 1000,
        backoffMaxMs: 60_000,
        userFailures: 30,
        userWindowMs: 600_000,
      },
    });
    expect(
      loadGatewayConfig({
        ...secret,
        GATEWAY_AUTH_PAIR_FAILURES: '5',
        GATEWAY_AUTH_BACKOFF_MS: '250',
        GATEWAY_AUTH_BACKOFF_MAX_MS: '8000',
        GATEWAY_AUTH_USER_FAILURES: '100',
        GATEWAY_AUTH_USER_WINDOW_MS: '60000',
      }).authThrottle,
    ).toMatchObject({
      pairFailures: 5,
      backoffMs: 250,
      backoffMaxMs: 8000,
      userFailures: 100,
      userWindowMs: 60_000,
    });
    expect(() => loadGatewayConfig({ ...secret, GATEWAY_AUTH_FAILURES_PER_MINUTE: '20' })).toThrow(
      /GATEWAY_AUTH_FAILURES_PER_MINUTE: replaced by GATEWAY_AUTH_PAIR_FAILURES/,
    );
    expect(() => loadGatewayConfig({ ...secret, GATEWAY_AUTH_PAIR_FAILURES: '0' })).toThrow(
      /GATEWAY_AUTH_PAIR_FAILURES/,
    );
  });

  it('reads the listener settings, and refuses a cap of zero', () => {
    const config = loadGatewayConfig({
      ...secret,
      GATEWAY_HOST: '0.0.0.0',
      GATEWAY_KEEPALIVE_TIMEOUT_MS: '5000',
      GATEWAY_MAX_UNAUTHENTICATED_PER_IP: '8',
    });
    expect(config).toMatchObject({ host: '0.0.0.0', keepAliveTimeoutMs: 5000, maxUnauthenticatedPerIp: 8 });
    expect(() => loadGatewayConfig({ ...secret, GATEWAY_MAX_UNAUTHENTICATED_PER_IP: '0' })).toThrow(
      /GATEWAY_MAX_UNAUTHENTICATED_PER_IP/,
    );
    expect(() => loadGatewayConfig({ ...secret, GATEWAY_KEEPALIVE_TIMEOUT_MS: '-1' })).toThrow(
      /GATEWAY_KEEPALIVE_TIMEOUT_MS/,
    );
  });

  it('requires the internal secret unless the caller passes one', () => {
    expect(() => loadGatewayConfig({})).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ INTERNAL_SECRET: 'short' })).toThrow(/INTERNAL_SECRET/);
    expect(loadGatewayConfig({}, { internalSecret: 'y'.repeat(40) }).internalSecret).toBe('y'.repeat(40));
  });

  it('reads the pool file, and fails fast on a bad one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-pool-'));
    const good = join(dir, 'good.json');
    writeFileSync(
      good,
      JSON.stringify({ exits: [{ id: 'us1', type: 'http', host: 'up.example', port: 3128, country: 'us' }] }),
    );
    expect(loadGatewayConfig({ ...secret, GATEWAY_POOL_FILE: good }).pool.exits[0]).toMatchObject({
      id: 'us1',
      weight: 1,
    });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ exits: [{ id: 'us1', type: 'http' }] }));
    expect(() => loadGatewayConfig({ ...secret, GATEWAY_POOL_FILE: bad })).toThrow(/needs host and port/);
    expect(() => loadGatewayConfig({ ...secret, GATEWAY_POOL_FILE: join(dir, 'missing.json') })).toThrow(
      /cannot read/,
    );
  });

  it('lists every bad key', () => {
    const bad = {
      ...secret,
      GATEWAY_HTTP_PORT: 'http',
      GATEWAY_ALLOW_PRIVATE: 'yes',
      GATEWAY_INSTANCE_ID: 'a b',
    };
    const message = (() => {
      try {
        loadGatewayConfig(bad);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const key of ['GATEWAY_HTTP_PORT', 'GATEWAY_ALLOW_PRIVATE', 'GATEWAY_INSTANCE_ID']) {
      expect(message).toContain(key);
    }
  });
});

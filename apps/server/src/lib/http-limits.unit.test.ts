import { MAX_EVENTS_WAIT_MS } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_LIMITS, httpServerOptions } from './http-limits';

describe('API port time-outs', () => {
  const { headersMs, requestMs, keepAliveMs, checkEveryMs, idleSocketMs } = DEFAULT_HTTP_LIMITS;

  it('close an idle, half-sent or slow connection within 30 s', () => {
    expect(headersMs + checkEveryMs).toBeLessThanOrEqual(30_000);
    expect(requestMs + checkEveryMs).toBeLessThanOrEqual(32_000);
    expect(requestMs).toBeLessThanOrEqual(30_000);
    expect(keepAliveMs).toBeLessThanOrEqual(10_000);
  });

  it('outlast the gateways’ long poll of the change feed', () => {
    expect(requestMs).toBeGreaterThan(MAX_EVENTS_WAIT_MS);
    expect(idleSocketMs).toBeGreaterThan(MAX_EVENTS_WAIT_MS);
  });

  it('become Fastify and Node server options', () => {
    expect(httpServerOptions(DEFAULT_HTTP_LIMITS)).toEqual({
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
      connectionTimeout: 60_000,
      http: { headersTimeout: 10_000, connectionsCheckingInterval: 2_000 },
    });
  });
});

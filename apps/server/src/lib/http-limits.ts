import type { FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';

/**
 * Connection hygiene of the API port (decision 020). One process may serve API, web and gateway, so a
 * client that opens sockets and sends nothing, or a head byte by byte (slowloris), must not hold them:
 * an idle or half-sent connection is closed within `headersMs + checkEveryMs` (12 s by default).
 */
export interface HttpLimits {
  /** The whole request head (line and headers) must arrive within this, from the first byte asked for. */
  headersMs: number;
  /**
   * The whole request, body included. Only the receiving counts, not the answer, so a gateway's long
   * poll of the change feed (held up to MAX_EVENTS_WAIT_MS, 4 s) is not cut; it is kept well above it
   * anyway, as is `idleSocketMs`, during which a long poll sends nothing (a unit test checks both).
   */
  requestMs: number;
  /** An idle kept-alive connection between two requests. */
  keepAliveMs: number;
  /** How often Node checks the two deadlines above (its default, 30 s, would let them slip). */
  checkEveryMs: number;
  /** A connection that stops moving bytes either way (e.g. a client not reading its answer). */
  idleSocketMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkEveryMs: 2_000,
  idleSocketMs: 60_000,
};

/** Fastify's server options for these limits (Node requires headersTimeout ≤ requestTimeout). */
export function httpServerOptions(limits: HttpLimits): FastifyHttpOptions<Server> {
  return {
    requestTimeout: limits.requestMs,
    keepAliveTimeout: limits.keepAliveMs,
    connectionTimeout: limits.idleSocketMs,
    http: {
      headersTimeout: Math.min(limits.headersMs, limits.requestMs),
      connectionsCheckingInterval: limits.checkEveryMs,
    },
  };
}

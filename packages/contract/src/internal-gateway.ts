import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint';
import { exitSchema } from './gateway-pool';
import { bytes, id, instanceId } from './internal-gateway-fields';
import {
  leaseData,
  leaseRequest,
  leasesData,
  leasesRequest,
  releaseData,
  releaseRequest,
  releasesData,
  releasesRequest,
  trafficOwnerSchema,
} from './internal-gateway-leases';
import { STICKY_MINUTES_MAX, STICKY_MINUTES_MIN } from './proxy-lines';

export * from './internal-gateway-leases';

/**
 * Typed internal calls between gateway processes and the API server (docs/architecture.md#gateway-principles). The gateway holds
 * no database credentials: it asks the server who a proxy user is, reserves traffic in leases
 * (two-phase: reserve, then post what was used and void the rest) and reports usage in batches.
 * Every call carries the internal secret in `INTERNAL_SECRET_HEADER`. Paths are relative to `/api`.
 */

export const INTERNAL_SECRET_HEADER = 'x-internal-secret';

export const credentialsRequest = z.object({ username: z.string().min(1).max(64) });
export const credentialsData = z.object({
  found: z.boolean(),
  account_id: id.nullable(),
  subaccount_id: id.nullable(),
  /** Enabled sub-account of an enabled account. */
  active: z.boolean(),
  /** HMAC-SHA256 of the proxy password under the verifier key both sides derive from the internal secret. */
  verifier: z.string().nullable(),
  /** Inactive because its last day is over (refused as `expired`, not `disabled`). */
  expired: z.boolean().optional(),
  /** The sub-account's own limit of connections open at once in one gateway process (null: none). */
  max_connections: z.number().int().positive().nullable().optional(),
});
export type Credentials = z.infer<typeof credentialsData>;

export const whitelistLookupRequest = z.object({ ip: z.string().min(1).max(64) });
export const whitelistLookupData = z.object({ account_id: id.nullable() });

export const usageEntrySchema = trafficOwnerSchema.extend({
  /**
   * The whitelisted source address, for main-account usage that came in by IP (the usage detail
   * lists it per address); absent for sub-accounts and for older gateways.
   */
  source_ip: z.string().min(2).max(45).optional(),
  bytes_up: bytes,
  bytes_down: bytes,
  connections: z.number().int().min(0).max(1_000_000_000),
  /**
   * The most tunnels of this owner open at once in this process since the last batch: what the
   * server may have to write off when the owner's traffic runs out is bounded by this many read
   * buffers (`CREDIT_OVERDRAW_BYTES_PER_TUNNEL` each).
   */
  tunnels: z.number().int().min(0).max(1_000_000).optional(),
});
export type UsageEntry = z.infer<typeof usageEntrySchema>;

/**
 * Body limit of a usage batch: 10,000 entries of at most ~300 bytes of JSON each. The API's general
 * 64 KiB limit would refuse a batch of ~600 owners for good (its retries carry the same body).
 */
export const MAX_USAGE_BATCH_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Bytes one exit carried in this process since the last batch: the same client-socket bytes as the
 * entries (what customers are billed), by the exit their tunnels used (decision 030).
 */
export const exitUsageSchema = z.object({ exit_id: exitSchema.shape.id, bytes });
export type ExitUsage = z.infer<typeof exitUsageSchema>;

export const usageBatchRequest = z.object({
  /** `instance:seq`; a batch applies once, however often it is retried. */
  batch_id: z.string().regex(/^[\w.:-]{1,100}$/),
  instance_id: instanceId,
  entries: z.array(usageEntrySchema).max(10_000),
  /** Per exit, applied once with the batch (absent from older gateways). */
  exits: z.array(exitUsageSchema).max(10_000).optional(),
});
export const usageBatchData = z.object({
  /** False when the batch had been applied before (a retry). */
  applied: z.boolean(),
});

/**
 * Bounds a gateway promises for delivery beyond an owner's traffic: credit is spent per chunk read,
 * and a chunk is at most this long (a socket read buffer), so an owner's tunnels stop with at most
 * one chunk each past zero. The server writes such bytes off as overrun (and bills them as debt
 * from the owner's next traffic); `npm run audit` checks every overrun against this bound.
 * 256 KiB: the read buffer of a bulky tunnel (decision 032); young tunnels read at most 64 KiB.
 */
export const CREDIT_OVERDRAW_BYTES_PER_TUNNEL = 262_144;

/**
 * `lease`: the owner's leases up to `lease_id` were voided (traffic recycled): drop that credit and
 * renew. `limits`: a sub-account's last day or connection limit changed, nothing else: fetch its
 * record again and close only what the new limits no longer allow. Every other kind may carry a
 * `lease_id` too (a deleted or disabled owner's leases go back).
 */
export const gatewayEventKinds = ['subaccount', 'whitelist', 'account', 'lease', 'exits', 'limits'] as const;
/** Longest a gateway's feed call may wait for a change (a long poll); below its call timeout. */
export const MAX_EVENTS_WAIT_MS = 4000;
export const gatewayEventsQuery = z.object({
  after: z.coerce.number<number | string>().int().min(0).default(0),
  /** With nothing after `after`, answer as soon as something is written, or after this long (empty). */
  wait_ms: z.coerce.number<number | string>().int().min(0).max(MAX_EVENTS_WAIT_MS).default(0),
  /**
   * The asking process: it has applied every event up to `after`. A recycle or deletion waits for
   * the processes that held its voided leases to get past it (decision 019).
   */
  instance_id: instanceId.optional(),
});
/** The feed's last id: where a process that has cached nothing yet starts following it. */
export const gatewayEventsHeadData = z.object({ last_id: z.number().int().min(0) });
export const gatewayEventsData = z.object({
  events: z.array(
    z.object({
      id: id,
      /**
       * What changed: a sub-account (deleted, disabled, new password), a whitelisted IP, an account,
       * or the exit pool (`exits`: load it again; it concerns no account, so `account_id` is null).
       */
      kind: z.enum(gatewayEventKinds),
      account_id: id.nullable(),
      subaccount_id: id.nullable(),
      username: z.string().nullable(),
      ip: z.string().nullable(),
      /** The owner's (or, for `account`, every owner of the account's) leases up to this id are void. */
      lease_id: id.nullable(),
    }),
  ),
  last_id: z.number().int().min(0),
});

/**
 * Sticky sessions (decision 016): the server keeps one epoch per owner and session id, started at its
 * first use and lasting `minutes`; every gateway process hashes `owner:session:epoch`, so all of them
 * pick one exit for the session's whole life, and a new epoch (a new exit) starts only when it ended.
 * `expires_in_ms` is relative, so the gateway's clock need not agree with the server's.
 */
export const sessionRequest = trafficOwnerSchema.extend({
  session_id: z.string().regex(/^[A-Za-z0-9]{1,32}$/),
  /** The lifetime a new epoch gets; an epoch already running keeps the one it started with. */
  minutes: z.number().int().min(STICKY_MINUTES_MIN).max(STICKY_MINUTES_MAX),
});
export const sessionData = z.object({
  /** Names this life of the session; a new one after it expired. */
  epoch: z.number().int().positive(),
  /** How long this epoch still runs, from the server's answer. */
  expires_in_ms: z.number().int().min(0),
});

/** The enabled exits with their credentials (decision 030): gateways route by it, on the internal network only. */
export const exitPoolData = z.object({ exits: z.array(exitSchema) });

/**
 * What one gateway process knows of an exit's health (decision 030): its state, not a delta, so a
 * repeated report changes nothing. Times are relative to the report (the clocks need not agree).
 */
export const exitHealthSchema = z.object({
  exit_id: exitSchema.shape.id,
  /** Connection attempts that failed in a row (0 after a success). */
  consecutive_failures: z.number().int().min(0).max(1_000_000_000),
  last_error: z.string().max(500).nullable(),
  /** How long ago the last error happened; null without one. */
  error_age_ms: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  /** How much longer rotating traffic avoids it (0: not resting). */
  resting_ms: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type ExitHealthReport = z.infer<typeof exitHealthSchema>;
export const exitHealthRequest = z.object({
  instance_id: instanceId,
  exits: z.array(exitHealthSchema).max(10_000),
});
export const exitHealthData = z.object({ recorded: z.number().int().min(0) });

/** Calls from gateway processes (docs/architecture.md#gateway-principles), authenticated by the internal secret header; JSON bodies. */
export const internalGatewayEndpoints = {
  credentials: defineEndpoint({
    method: 'POST',
    path: '/internal/gateway/credentials',
    auth: 'gateway',
    request: credentialsRequest,
    response: credentialsData,
  }),
  whitelist: defineEndpoint({
    method: 'POST',
    path: '/internal/gateway/whitelist',
    auth: 'gateway',
    request: whitelistLookupRequest,
    response: whitelistLookupData,
  }),
  lease: defineEndpoint({
    method: 'POST',
    path: '/internal/gateway/lease',
    auth: 'gateway',
    request: leaseRequest,
    response: leaseData,
  }),
  leases: defineEndpoint({
    method: 'POST',
    path: '/internal/gateway/leases',
    auth: 'gateway',
    request: leasesRequest,
    response: leasesData,
  }),
  release: defineEndpoint({
    method: 'POST',
    path: '/internal/gateway/release',
    auth: 'gateway',
    request: releaseRequest,
    response: releaseData,
  }),
  releases: defineEndpoint({
    method: 'POST',
    path: '/internal/gateway/releases',
    auth: 'gateway',
    request: releasesRequest,
    response: releasesData,
  }),
  /** Bodies up to MAX_USAGE_BATCH_BODY_BYTES. */
  usage: defineEndpoint({
    method: 'POST',
    path: '/internal/gateway/usage',
    auth: 'gateway',
    request: usageBatchRequest,
    response: usageBatchData,
  }),
  /** A long poll: waits up to `wait_ms` for changes after `after`. */
  events: defineEndpoint({
    method: 'GET',
    path: '/internal/gateway/events',
    auth: 'gateway',
    request: gatewayEventsQuery,
    response: gatewayEventsData,
  }),
  /**
   * Asked once at start, before listening: the events written before it concern caches and tunnels
   * this process does not have yet (replaying them would cut tunnels opened since, and take long).
   */
  eventsHead: defineEndpoint({
    method: 'GET',
    path: '/internal/gateway/events/head',
    auth: 'gateway',
    request: noInput,
    response: gatewayEventsHeadData,
  }),
  session: defineEndpoint({
    method: 'POST',
    path: '/internal/gateway/session',
    auth: 'gateway',
    request: sessionRequest,
    response: sessionData,
  }),
  /** At start, and after each `exits` event of the change feed. */
  exits: defineEndpoint({
    method: 'GET',
    path: '/internal/gateway/exits',
    auth: 'gateway',
    request: noInput,
    response: exitPoolData,
  }),
  /** Every few seconds: this process's view of each exit. */
  exitHealth: defineEndpoint({
    method: 'POST',
    path: '/internal/gateway/exit-health',
    auth: 'gateway',
    request: exitHealthRequest,
    response: exitHealthData,
  }),
};

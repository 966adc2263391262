import {
  internalGatewayEndpoints as endpoints,
  MAX_LEASE_BATCH,
  type Credentials,
  type EndpointData,
  type EndpointInput,
  type ExitHealthReport,
  type Pool,
  type TrafficOwner,
} from '@resiport/contract';
import { callInternal, type InternalCallTarget } from './internal-call';
import { OwnerCallBatcher } from './owner-call-batcher';

/**
 * The typed internal calls of docs/architecture.md#gateway-principles (`internalGatewayEndpoints` in the contract): the only way
 * the gateway learns anything about customers. Each method is one `callInternal` of its endpoint.
 */

export { ServerCallError } from './internal-call';
export type LeaseAnswer = EndpointData<typeof endpoints.lease>;
export type GatewayEvents = EndpointData<typeof endpoints.events>;
export type SessionAnswer = EndpointData<typeof endpoints.session>;
export type UsageBatch = EndpointInput<typeof endpoints.usage>;

export interface ServerClient {
  credentials(username: string): Promise<Credentials>;
  /** The account that whitelisted this source address, or null. */
  whitelist(ip: string): Promise<number | null>;
  /** A renewal; renewals asked together leave in one `leases` call (owner-call-batcher.ts). */
  lease(owner: TrafficOwner, wantBytes: number): Promise<LeaseAnswer>;
  /** Gives the owner's lease back; releases asked together leave in one `releases` call. */
  release(owner: TrafficOwner): Promise<number>;
  /** Posts one batch, retrying with backoff under the same id (the server applies a batch once). */
  usage(batch: UsageBatch): Promise<{ applied: boolean }>;
  /** The change feed's last id now (where a fresh process starts following it). */
  eventsHead(): Promise<number>;
  /** The change feed after a cursor; `waitMs` makes it a long poll, `signal` cancels it (a stop). */
  events(after: number, wait?: { waitMs: number; signal: AbortSignal }): Promise<GatewayEvents>;
  /** The running epoch of a sticky session (a new one after it ended) and how long it still runs. */
  session(owner: TrafficOwner, sessionId: string, minutes: number): Promise<SessionAnswer>;
  /** The exit pool the console keeps (decision 030), with the upstreams' credentials. */
  exits(): Promise<Pool>;
  /** This process's view of each exit's health. */
  exitHealth(reports: ExitHealthReport[]): Promise<void>;
}

export interface ServerClientOptions {
  baseUrl: string;
  secret: string;
  instanceId: string;
  timeoutMs: number;
  /** Usage retries: attempts and the first backoff (doubled each time). */
  usageAttempts?: number;
  usageBackoffMs?: number;
  fetch?: typeof fetch;
  /** `leases` (and `releases`) calls out at once (2): more wait and leave together when one comes back. */
  leaseCallsInFlight?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createServerClient(options: ServerClientOptions): ServerClient {
  const target: InternalCallTarget = {
    baseUrl: options.baseUrl,
    secret: options.secret,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch ?? fetch,
  };
  const instance_id = options.instanceId;
  /** Only the owner's two ids go on the wire, whatever else the caller's object carries. */
  const ownerOf = (owner: TrafficOwner) => ({
    account_id: owner.account_id,
    subaccount_id: owner.subaccount_id,
  });

  const batchLimits = { maxBatch: MAX_LEASE_BATCH, maxInFlight: options.leaseCallsInFlight ?? 2 };
  const leases = new OwnerCallBatcher<{ owner: TrafficOwner; wantBytes: number }, LeaseAnswer>(
    async (wishes) => {
      const wants = wishes.map((w) => ({ ...ownerOf(w.owner), want_bytes: w.wantBytes }));
      return (await callInternal(target, endpoints.leases, { instance_id, wants })).leases;
    },
    batchLimits,
  );
  const releases = new OwnerCallBatcher<{ owner: TrafficOwner }, number>(async (wishes) => {
    const owners = wishes.map((w) => ownerOf(w.owner));
    return (await callInternal(target, endpoints.releases, { instance_id, owners })).returned_bytes;
  }, batchLimits);

  return {
    credentials: (username) => callInternal(target, endpoints.credentials, { username }),
    whitelist: async (ip) => (await callInternal(target, endpoints.whitelist, { ip })).account_id,
    lease: (owner, want) => leases.ask({ owner, wantBytes: want }),
    release: (owner) => releases.ask({ owner }),
    usage: async (batch) => {
      const attempts = options.usageAttempts ?? 3;
      let delay = options.usageBackoffMs ?? 200;
      for (let attempt = 1; ; attempt++) {
        try {
          return await callInternal(target, endpoints.usage, batch);
        } catch (error) {
          // Whatever failed (network, timeout, 5xx), a repeat is harmless: the id makes it apply once.
          if (attempt >= attempts) throw error;
          await sleep(delay);
          delay *= 2;
        }
      }
    },
    eventsHead: async () => (await callInternal(target, endpoints.eventsHead, {})).last_id,
    events: (after, wait) =>
      callInternal(
        target,
        endpoints.events,
        { after, instance_id, ...(wait ? { wait_ms: wait.waitMs } : {}) },
        wait ? { timeoutMs: wait.waitMs + options.timeoutMs, signal: wait.signal } : {},
      ),
    session: (owner, sessionId, minutes) =>
      callInternal(target, endpoints.session, { ...ownerOf(owner), session_id: sessionId, minutes }),
    exits: () => callInternal(target, endpoints.exits, {}),
    exitHealth: async (reports) => {
      await callInternal(target, endpoints.exitHealth, { instance_id, exits: reports });
    },
  };
}

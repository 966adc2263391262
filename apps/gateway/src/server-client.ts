import {
  credentialsData,
  envelopeSchema,
  gatewayEventsData,
  INTERNAL_SECRET_HEADER,
  internalGatewayPaths as paths,
  internalGatewaySessionPath,
  leaseData,
  releaseData,
  sessionData,
  usageBatchData,
  whitelistLookupData,
  type Credentials,
  type TrafficOwner,
  type UsageEntry,
} from '@resiport/contract';
import { z } from 'zod';

/**
 * The typed internal calls of design §8 (`packages/contract/src/internal-gateway.ts`): the only way
 * the gateway learns anything about customers. Every answer is an envelope; `code` 0 is success and
 * `data` is parsed with the contract's schema, so a server of another version fails loudly here.
 */

export type LeaseAnswer = z.infer<typeof leaseData>;
export type GatewayEvents = z.infer<typeof gatewayEventsData>;
export type SessionAnswer = z.infer<typeof sessionData>;
export interface UsageBatch {
  batch_id: string;
  instance_id: string;
  entries: UsageEntry[];
}

export interface ServerClient {
  credentials(username: string): Promise<Credentials>;
  /** The account that whitelisted this source address, or null. */
  whitelist(ip: string): Promise<number | null>;
  lease(owner: TrafficOwner, wantBytes: number): Promise<LeaseAnswer>;
  release(owner: TrafficOwner): Promise<number>;
  /** Posts one batch, retrying with backoff under the same id (the server applies a batch once). */
  usage(batch: UsageBatch): Promise<{ applied: boolean }>;
  /** The change feed after a cursor; `waitMs` makes it a long poll, `signal` cancels it (a stop). */
  events(after: number, wait?: { waitMs: number; signal: AbortSignal }): Promise<GatewayEvents>;
  /** The running epoch of a sticky session (a new one after it ended) and how long it still runs. */
  session(owner: TrafficOwner, sessionId: string, minutes: number): Promise<SessionAnswer>;
}

export class ServerCallError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
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
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createServerClient(options: ServerClientOptions): ServerClient {
  const doFetch = options.fetch ?? fetch;
  /** Sends one call and reads its envelope, all within the timeout (or until the caller gives up). */
  const exchange = async (
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<unknown> => {
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}/api${path}`, {
        method,
        headers: {
          [INTERNAL_SECRET_HEADER]: options.secret,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal,
      });
    } catch (error) {
      throw new ServerCallError(`${path}: ${(error as Error).message}`);
    }
    try {
      return await response.json();
    } catch {
      throw new ServerCallError(`${path}: HTTP ${response.status} without a JSON envelope`);
    }
  };
  const call = async <T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: T,
    extra: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<z.infer<T>> => {
    // One signal for the call: its timeout, or the caller giving up (a long poll at a stop). Linked by
    // hand, so a long-lived caller's signal does not collect a listener per call.
    const aborter = new AbortController();
    const timeoutMs = extra.timeoutMs ?? options.timeoutMs;
    const timer = setTimeout(() => aborter.abort(new Error('timed out')), timeoutMs);
    const giveUp = () => aborter.abort(new Error('stopped'));
    extra.signal?.addEventListener('abort', giveUp, { once: true });
    let json: unknown;
    try {
      json = await exchange(method, path, body, aborter.signal);
    } finally {
      clearTimeout(timer);
      extra.signal?.removeEventListener('abort', giveUp);
    }
    const envelope = envelopeSchema(z.unknown()).safeParse(json);
    if (!envelope.success) throw new ServerCallError(`${path}: malformed answer`);
    const { code, msg, data } = envelope.data;
    if (code !== 0) throw new ServerCallError(`${path}: code ${code} ${msg}`, code);
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ServerCallError(`${path}: malformed data`);
    return parsed.data;
  };
  const instance = { instance_id: options.instanceId };
  const post = <T extends z.ZodType>(path: string, body: unknown, schema: T) =>
    call('POST', path, body, schema);

  return {
    credentials: (username) => post(paths.credentials, { username }, credentialsData),
    whitelist: async (ip) => (await post(paths.whitelist, { ip }, whitelistLookupData)).account_id,
    lease: (owner, want) =>
      post(
        paths.lease,
        { account_id: owner.account_id, subaccount_id: owner.subaccount_id, ...instance, want_bytes: want },
        leaseData,
      ),
    release: async (owner) =>
      (
        await post(
          paths.release,
          { account_id: owner.account_id, subaccount_id: owner.subaccount_id, ...instance },
          releaseData,
        )
      ).returned_bytes,
    usage: async (batch) => {
      const attempts = options.usageAttempts ?? 3;
      let delay = options.usageBackoffMs ?? 200;
      for (let attempt = 1; ; attempt++) {
        try {
          return await post(paths.usage, batch, usageBatchData);
        } catch (error) {
          // Whatever failed (network, timeout, 5xx), a repeat is harmless: the id makes it apply once.
          if (attempt >= attempts) throw error;
          await sleep(delay);
          delay *= 2;
        }
      }
    },
    events: (after, wait) =>
      call(
        'GET',
        `${paths.events}?after=${after}&instance_id=${encodeURIComponent(options.instanceId)}${wait ? `&wait_ms=${wait.waitMs}` : ''}`,
        undefined,
        gatewayEventsData,
        wait ? { timeoutMs: wait.waitMs + options.timeoutMs, signal: wait.signal } : {},
      ),
    session: (owner, sessionId, minutes) =>
      post(
        internalGatewaySessionPath,
        { account_id: owner.account_id, subaccount_id: owner.subaccount_id, session_id: sessionId, minutes },
        sessionData,
      ),
  };
}

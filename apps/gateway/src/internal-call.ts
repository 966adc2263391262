import {
  clientMethodOf,
  envelopeSchema,
  INTERNAL_SECRET_HEADER,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
} from '@resiport/contract';
import { z } from 'zod';

/**
 * One internal call of docs/architecture.md#gateway-principles by its contract object (`internalGatewayEndpoints.*`): a GET sends
 * its input as the query, a POST as a JSON body; the secret header goes with every call. The answer
 * is an envelope; `code` 0 is success and `data` is parsed with the endpoint's response schema, so a
 * server of another version fails loudly here.
 */

export class ServerCallError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

export interface InternalCallTarget {
  baseUrl: string;
  secret: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

export interface CallLimits {
  /** Replaces the target's timeout (a long poll waits longer). */
  timeoutMs?: number;
  /** The caller giving up (a long poll at a stop). */
  signal?: AbortSignal;
}

/** The query of a GET: every defined field, in the input's order. */
function queryOf(input: object): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** Sends one call and reads its envelope, all within the given signal. */
async function exchange(
  target: InternalCallTarget,
  endpoint: Endpoint,
  input: object,
  signal: AbortSignal,
): Promise<unknown> {
  const method = clientMethodOf(endpoint);
  const body = method === 'POST' ? JSON.stringify(input) : undefined;
  let response: Response;
  try {
    response = await target.fetch(
      `${target.baseUrl}/api${endpoint.path}${method === 'GET' ? queryOf(input) : ''}`,
      {
        method,
        headers: {
          [INTERNAL_SECRET_HEADER]: target.secret,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body }),
        signal,
      },
    );
  } catch (error) {
    throw new ServerCallError(`${endpoint.path}: ${(error as Error).message}`);
  }
  try {
    return await response.json();
  } catch {
    throw new ServerCallError(`${endpoint.path}: HTTP ${response.status} without a JSON envelope`);
  }
}

/** Calls `endpoint` with `input`; resolves with the success's `data`, or rejects with a ServerCallError. */
export async function callInternal<E extends Endpoint>(
  target: InternalCallTarget,
  endpoint: E,
  input: EndpointInput<E>,
  limits: CallLimits = {},
): Promise<EndpointData<E>> {
  // One signal for the call: its timeout, or the caller giving up. Linked by hand, so a long-lived
  // caller's signal does not collect a listener per call.
  const aborter = new AbortController();
  const timer = setTimeout(() => aborter.abort(new Error('timed out')), limits.timeoutMs ?? target.timeoutMs);
  const giveUp = () => aborter.abort(new Error('stopped'));
  limits.signal?.addEventListener('abort', giveUp, { once: true });
  let json: unknown;
  try {
    json = await exchange(target, endpoint, input as object, aborter.signal);
  } finally {
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', giveUp);
  }
  const envelope = envelopeSchema(z.unknown()).safeParse(json);
  if (!envelope.success) throw new ServerCallError(`${endpoint.path}: malformed answer`);
  const { code, msg, data } = envelope.data;
  if (code !== 0) throw new ServerCallError(`${endpoint.path}: code ${code} ${msg}`, code);
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) throw new ServerCallError(`${endpoint.path}: malformed data`);
  return parsed.data as EndpointData<E>;
}

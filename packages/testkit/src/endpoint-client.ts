import {
  clientMethodOf,
  INTERNAL_SECRET_HEADER,
  ResultCode,
  type Endpoint,
  type EndpointInput,
  type EndpointPassThroughData,
  type EndpointReplyData,
  type Link,
  type PassThroughCode,
} from '@resiport/contract';
import type { z } from 'zod';

/**
 * The one API client of the tests, e2e journeys and benches: calls an endpoint by its contract
 * object with an input typed by its request schema. Customer calls go as the portal sends them (GET
 * query, POST form-encoded body); gateway calls as a gateway sends them (JSON). How the request
 * travels is the transport's business: `fetch` to a running server, or Fastify's `inject`.
 */

export interface ApiRequest {
  method: 'GET' | 'POST';
  /** `/api/…` with the query. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}
export type ApiTransport = (request: ApiRequest) => Promise<{ status: number; body: unknown }>;

/**
 * An envelope as it came (nothing transformed, so assertions see the wire). A success's `data` has
 * been checked against the endpoint's response schema and is typed by it.
 */
export type Answer<E extends Endpoint> =
  | { ok: true; status: number; code: 0; msg: string; data: EndpointReplyData<E> }
  | { ok: false; status: number; code: number; msg: string; data: unknown };

/** Every defined field as text, in the input's order (as a form or query carries it). */
function encode(input: object): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined && value !== null) fields.append(name, String(value));
  }
  return fields;
}

/** `/api` + the path, with the input as the query: what a GET (or a link to follow) asks for. */
export function apiUrl<T extends Endpoint | Link>(target: T, input?: z.input<T['request']>): string {
  const query = input === undefined ? '' : encode(input as object).toString();
  return `/api${target.path}${query === '' ? '' : `?${query}`}`;
}

/** Sends to a server listening at `baseUrl` (`http://host:port`). */
export function fetchTransport(baseUrl: string): ApiTransport {
  return async ({ method, url, headers, body }) => {
    const response = await fetch(`${baseUrl}${url}`, { method, headers, body });
    return { status: response.status, body: await response.json() };
  };
}

export function requestOf<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  headers: Record<string, string>,
): ApiRequest {
  const method = clientMethodOf(endpoint);
  if (method === 'GET') return { method, url: apiUrl(endpoint, input), headers };
  if (endpoint.auth === 'gateway') {
    const json = { 'content-type': 'application/json', ...headers };
    return { method, url: apiUrl(endpoint), headers: json, body: JSON.stringify(input) };
  }
  const form = { 'content-type': 'application/x-www-form-urlencoded', ...headers };
  return { method, url: apiUrl(endpoint), headers: form, body: encode(input as object).toString() };
}

function answerOf<E extends Endpoint>(endpoint: E, status: number, body: unknown): Answer<E> {
  const { code, msg, data } = body as { code: number; msg: string; data: unknown };
  if (code !== ResultCode.Success) return { ok: false, status, code, msg, data };
  const checked = endpoint.response.safeParse(data);
  if (!checked.success) {
    throw new Error(`${endpoint.path}: data off the contract: ${checked.error.message}`);
  }
  return { ok: true, status, code: 0, msg, data: data as EndpointReplyData<E> };
}

export interface EndpointClient {
  /** The answer, whatever its code. `headers` add to (and override) the client's own. */
  call<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    headers?: Record<string, string>,
  ): Promise<Answer<E>>;
  /** An input the request schema would refuse, as it is: for tests of the server's own validation. */
  callUnchecked<E extends Endpoint>(
    endpoint: E,
    input: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<Answer<E>>;
  /** A success's `data`; any other answer throws with its code and message. */
  data<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    headers?: Record<string, string>,
  ): Promise<EndpointReplyData<E>>;
}

export function endpointClient(
  transport: ApiTransport,
  headers: Record<string, string> = {},
): EndpointClient {
  const call = async <E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    extra: Record<string, string> = {},
  ): Promise<Answer<E>> => {
    const reply = await transport(requestOf(endpoint, input, { ...headers, ...extra }));
    return answerOf(endpoint, reply.status, reply.body);
  };
  return {
    call,
    callUnchecked: (endpoint, input, extra) => call(endpoint, input as EndpointInput<typeof endpoint>, extra),
    data: async (endpoint, input, extra) => successData(await call(endpoint, input, extra)),
  };
}

/** The `data` of a success; any other answer throws with its code and message. */
export function successData<E extends Endpoint>(answer: Answer<E>): EndpointReplyData<E> {
  if (!answer.ok) throw new Error(`expected success, got code ${answer.code}: ${answer.msg}`);
  return answer.data;
}

/** The `data` of a pass-through answer (20302 go to payment, …), checked against the contract. */
export function passThroughData<
  E extends Endpoint,
  C extends PassThroughCode & keyof NonNullable<E['passThrough']>,
>(endpoint: E, name: C, answer: Answer<E>): EndpointPassThroughData<E, C> {
  const schema = endpoint.passThrough?.[name];
  if (answer.code !== ResultCode[name] || !schema) {
    throw new Error(`expected ${name}, got code ${answer.code}: ${answer.msg}`);
  }
  schema.parse(answer.data);
  return answer.data as EndpointPassThroughData<E, C>;
}

/** Headers of a customer's call (session or API token) and of a gateway's (the internal secret). */
export const tokenHeader = (token: string) => ({ 'jwt-token': token });
export const internalSecretHeader = (secret: string) => ({ [INTERNAL_SECRET_HEADER]: secret });

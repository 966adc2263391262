import { z } from 'zod';
import type { ResultCodeName } from './result-codes';

/**
 * One API call, bound together: method, path (relative to `/api`), what it takes, what its success
 * carries in `data`, and who may call it. The server registers routes from these objects and every
 * client (the web, the gateway, the e2e journeys) calls them through the same objects, so a call's
 * shape is written once.
 *
 * - `GET+POST`: the original state-changing GET calls stay GET and also accept POST (docs/architecture.md#api-conventions);
 *   clients send POST.
 * - `request` is the query of a GET and the body of a POST; `noInput` when the call takes nothing.
 * - `passThrough`: non-zero codes that are not failures (20302 go to payment, 20402 balance short,
 *   10040 code needed) and the `data` each carries.
 */
export type EndpointMethod = 'GET' | 'POST' | 'GET+POST';

/**
 * `public`: anyone; `account`: a session or the developer API token; `session`: a person's session
 * only (password, token and session changes); `gateway`: a gateway process's internal secret;
 * `operator`: a person's session whose account is an operator (the console, decision 029).
 */
export type EndpointAuth = 'public' | 'account' | 'session' | 'gateway' | 'operator';

export type PassThroughCode = Extract<
  ResultCodeName,
  'GoToPayment' | 'PaymentRequired' | 'TwoFactorRequired'
>;

export interface Endpoint<
  Request extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  PassThrough extends Partial<Record<PassThroughCode, z.ZodType>> = Partial<
    Record<PassThroughCode, z.ZodType>
  >,
> {
  readonly method: EndpointMethod;
  readonly path: `/${string}`;
  readonly auth: EndpointAuth;
  readonly request: Request;
  readonly response: Response;
  readonly passThrough?: PassThrough;
  /** One line for the API reference. */
  readonly summary?: string;
  /**
   * A call that only reads (for `account` calls): it also answers an operator's read-only view of a
   * customer's portal (decision 029); every other call refuses that view with 10090.
   */
  readonly readOnly?: true;
}

/** The request of a call that takes nothing. */
export const noInput = z.object({});

export function defineEndpoint<
  Request extends z.ZodType,
  Response extends z.ZodType,
  PassThrough extends Partial<Record<PassThroughCode, z.ZodType>> = Partial<Record<PassThroughCode, never>>,
>(endpoint: Endpoint<Request, Response, PassThrough>): Endpoint<Request, Response, PassThrough> {
  return endpoint;
}

/** What a caller passes: the schema's input (strings for form fields, defaults optional). */
export type EndpointInput<E extends Endpoint> = z.input<E['request']>;
/** What a handler receives after validation. */
export type EndpointParsedInput<E extends Endpoint> = z.output<E['request']>;
/** `data` of a success, as the client sees it after parsing. */
export type EndpointData<E extends Endpoint> = z.output<E['response']>;
/** `data` of a success, as a handler may give it (before the response schema's transforms). */
export type EndpointReplyData<E extends Endpoint> = z.input<E['response']>;

type PassThroughOf<E extends Endpoint> = NonNullable<E['passThrough']>;
/** The `data` of a pass-through answer as the client sees it after parsing, by code name. */
export type EndpointPassThroughOutput<
  E extends Endpoint,
  C extends keyof PassThroughOf<E>,
> = PassThroughOf<E>[C] extends z.ZodType ? z.output<PassThroughOf<E>[C]> : never;
/** The `data` of a pass-through answer, by code name. */
export type EndpointPassThroughData<
  E extends Endpoint,
  C extends keyof PassThroughOf<E>,
> = PassThroughOf<E>[C] extends z.ZodType ? z.input<PassThroughOf<E>[C]> : never;

/** The method a client uses: POST wherever the server takes POST. */
export function clientMethodOf(endpoint: Pick<Endpoint, 'method'>): 'GET' | 'POST' {
  return endpoint.method === 'GET' ? 'GET' : 'POST';
}

/** Every `data` schema a call's 200 answer may carry: the success's and each pass-through's. */
export function answerDataSchemas(endpoint: Endpoint): [z.ZodType, ...z.ZodType[]] {
  return [endpoint.response, ...Object.values(endpoint.passThrough ?? {})];
}

/**
 * A browser navigation rather than a call: the activation link, the OAuth redirects, a CSV
 * download. It answers a redirect or a file, not the envelope.
 */
export interface Link<Request extends z.ZodType = z.ZodType> {
  readonly method: 'GET';
  readonly path: `/${string}`;
  readonly auth: EndpointAuth;
  readonly request: Request;
  readonly summary?: string;
  /** As for an endpoint: the link only reads, so an operator's read-only view may follow it. */
  readonly readOnly?: true;
}

/** What a caller puts in a link's query. */
export type LinkInput<L extends Link> = z.input<L['request']>;

export function defineLink<Request extends z.ZodType>(link: Link<Request>): Link<Request> {
  return link;
}

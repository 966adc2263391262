import {
  answerDataSchemas,
  envelopeSchema,
  noInput,
  type Endpoint,
  type EndpointAuth,
  type EndpointParsedInput,
  type Envelope,
  type Link,
} from '@resiport/contract';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireInternalSecret } from '../modules/gateway-link/internal-auth';
import { requireAccount, requireOperator } from './auth';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type PassThroughData<E extends Endpoint> = {
  [C in keyof NonNullable<E['passThrough']>]: NonNullable<E['passThrough']>[C] extends z.ZodType
    ? z.input<NonNullable<E['passThrough']>[C]>
    : never;
}[keyof NonNullable<E['passThrough']>];

/** What a handler answers: the envelope of a success or of one of the call's pass-through codes. */
export type EndpointAnswer<E extends Endpoint> = Envelope<z.input<E['response']> | PassThroughData<E>>;

export type EndpointHandler<E extends Endpoint> = (
  request: FastifyRequest,
  input: EndpointParsedInput<E>,
  reply: FastifyReply,
) => Promise<EndpointAnswer<E> | FastifyReply>;

export interface RouteExtras {
  /** Bytes; for calls whose bodies may exceed the server's default. */
  bodyLimit?: number;
  /** Answers other than 200 that carry a documented body (e.g. readiness's 503). */
  otherResponses?: Record<number, z.ZodType>;
}

const signedIn: Record<string, string[]>[] = [{ jwtToken: [] }, { bearer: [] }];

/**
 * The onRequest guard of each kind of caller; built once per module. `account` calls that only read
 * (`readOnly`) also answer an operator's read-only view of the customer; the others refuse it.
 */
function guardsOf(
  ctx: AppContext,
): Record<EndpointAuth | 'accountRead', onRequestAsyncHookHandler | undefined> {
  return {
    public: undefined,
    account: requireAccount(ctx),
    accountRead: requireAccount(ctx, { readOnly: true }),
    session: requireAccount(ctx, { sessionOnly: true }),
    gateway: requireInternalSecret(ctx),
    operator: requireOperator(ctx),
  };
}

/**
 * Registers routes from the contract's endpoint objects: the guard from `auth`, the query or body
 * schema from `request`, the envelope from `response` and `passThrough`, both methods for
 * `GET+POST`. A module's routes file is then one `route(...)` line per call.
 */
export function endpointRoutes(app: ZodApp, ctx: AppContext, tags: string[]) {
  const guards = guardsOf(ctx);

  function route<E extends Endpoint>(
    endpoint: E,
    handler: EndpointHandler<E>,
    extras: RouteExtras = {},
  ): void {
    const onRequest =
      guards[endpoint.readOnly && endpoint.auth === 'account' ? 'accountRead' : endpoint.auth];
    const answers = answerDataSchemas(endpoint);
    const data = answers.length === 1 ? endpoint.response : z.union(answers);
    const schema = {
      tags,
      ...(endpoint.summary ? { description: endpoint.summary } : {}),
      ...(onRequest && endpoint.auth !== 'gateway' ? { security: signedIn } : {}),
      response: { 200: envelopeSchema(data), ...extras.otherResponses },
    };
    const takesInput = endpoint.request !== noInput;
    const options = { ...(onRequest ? { onRequest } : {}), bodyLimit: extras.bodyLimit };
    // The handler's type already ties its answer to the endpoint; Fastify's inference cannot see through it.
    if (endpoint.method !== 'POST') {
      app.get(
        endpoint.path,
        { ...options, schema: { ...schema, ...(takesInput ? { querystring: endpoint.request } : {}) } },
        (request, reply) => handler(request, (request.query ?? {}) as EndpointParsedInput<E>, reply) as never,
      );
    }
    if (endpoint.method !== 'GET') {
      app.post(
        endpoint.path,
        { ...options, schema: { ...schema, ...(takesInput ? { body: endpoint.request } : {}) } },
        (request, reply) => handler(request, (request.body ?? {}) as EndpointParsedInput<E>, reply) as never,
      );
    }
  }

  /** A browser navigation (a redirect or a file): the guard and the query schema, no envelope. */
  function link<L extends Link>(
    target: L,
    handler: (
      request: FastifyRequest,
      input: z.output<L['request']>,
      reply: FastifyReply,
    ) => Promise<unknown>,
  ): void {
    const onRequest = guards[target.readOnly && target.auth === 'account' ? 'accountRead' : target.auth];
    app.get(
      target.path,
      {
        ...(onRequest ? { onRequest } : {}),
        schema: {
          tags,
          ...(target.summary ? { description: target.summary } : {}),
          ...(target.request !== noInput ? { querystring: target.request } : {}),
        },
      },
      (request, reply) => handler(request, (request.query ?? {}) as z.output<L['request']>, reply) as never,
    );
  }

  return { route, link };
}

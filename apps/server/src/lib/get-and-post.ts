import { envelopeSchema, type Envelope } from '@resiport/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Registers one call as GET (query) and POST (body) with the same schema and handler: the spec's
 * state-changing GET calls stay GET for compatibility and also accept POST (design §4).
 */
export function getAndPost<Input extends z.ZodType, Output extends z.ZodType>(
  app: ZodApp,
  path: string,
  options: {
    onRequest: onRequestAsyncHookHandler;
    tags: string[];
    security: Record<string, string[]>[];
    input: Input;
    output: Output;
  },
  handler: (request: FastifyRequest, input: z.output<Input>) => Promise<Envelope<z.input<Output>>>,
): void {
  const { onRequest, tags, security, input, output } = options;
  const response = { 200: envelopeSchema(output) };
  // The handler's type already ties its answer to `output`; Fastify's generic inference cannot see through it.
  app.get(
    path,
    { onRequest, schema: { tags, security, querystring: input, response } },
    (request) => handler(request, request.query as z.output<Input>) as never,
  );
  app.post(
    path,
    { onRequest, schema: { tags, security, body: input, response } },
    (request) => handler(request, request.body as z.output<Input>) as never,
  );
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

/** OpenAPI generated from the contract's zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, ctx: Pick<AppContext, 'config'>): Promise<void> {
  const { config } = ctx;
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.appName} API`,
        version: '1.0.0',
        description: 'Every response is {code, msg, data}.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          jwtToken: { type: 'apiKey', in: 'header', name: 'JWT-TOKEN' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: (input) => {
      // Only the public API is documented: the gateways' internal calls and the payment sandbox's
      // stand-in for Cryptomus are left out (the first need the internal secret anyway).
      if (!isPublicApiUrl(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
      return jsonSchemaTransform(input);
    },
  });
  // No validator badge: it would load an image from validator.swagger.io, which the CSP refuses.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null },
    // The server's address as it is when asked: with PORT=0 the public URL is settled once it listens (context.ts).
    transformSpecification: (spec) => ({ ...spec, servers: [{ url: ctx.config.publicUrl }] }),
    transformSpecificationClone: false, // the document itself is left as it is
  });
}

/** Routes that belong in the public OpenAPI document. */
export function isPublicApiUrl(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/internal/');
}

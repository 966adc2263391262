import type { FastifyInstance } from 'fastify';

/** Baseline headers (ASVS 3.4): no sniffing, no framing, no referrer leaks, no caching of API answers. */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

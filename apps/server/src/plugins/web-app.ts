import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built web app under /client with an SPA fallback (unknown /client paths get
 * index.html so client-side routes survive a reload) and sends / to /client/.
 */
export async function registerWebApp(app: FastifyInstance, distDir = defaultDist): Promise<void> {
  app.get('/', (_request, reply) => reply.redirect('/client/'));
  app.get('/client', (_request, reply) => reply.redirect('/client/'));
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; run `npm run build` to serve /client');
    return;
  }
  await app.register(fastifyStatic, { root, prefix: '/client/', wildcard: false, index: ['index.html'] });
  app.get('/client/*', (request, reply) => {
    // Hashed assets that do not exist are real 404s; only page routes fall back to the app shell.
    if (request.url.startsWith('/client/assets/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
  });
}

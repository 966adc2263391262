import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../lib/html';
import { PORTAL_BASE } from '../lib/portal-url';

/**
 * apps/web/dist of the checkout this code runs from, whether as source (apps/server/src/plugins) or
 * compiled into apps/server/dist.
 */
const defaultDist = path.join(
  fileURLToPath(import.meta.url).split(`${path.sep}apps${path.sep}server${path.sep}`)[0] ?? '.',
  'apps',
  'web',
  'dist',
);

/**
 * Serves the built web app under /client with an SPA fallback: a file that exists is sent (hashed
 * assets cached for a year), a missing asset is a 404, and any other path gets index.html so
 * client-side routes survive a reload. Files are looked up per request, so a rebuild needs no restart.
 * index.html carries APP_NAME as its title, so the tab reads the reseller's name before the app has
 * asked for the rest of its brand (`/site/settings`).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir = defaultDist,
  appName = 'Resiport',
): Promise<void> {
  app.get('/', (_request, reply) => reply.redirect(`${PORTAL_BASE}/`));
  app.get(PORTAL_BASE, (_request, reply) => reply.redirect(`${PORTAL_BASE}/`));
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built; run `npm run build` to serve /client');
  }
  await app.register(fastifyStatic, { root, serve: false });

  app.get(`${PORTAL_BASE}/*`, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const file = path.resolve(root, relative);
    const inside = file.startsWith(`${root}${path.sep}`);
    if (inside && relative.startsWith('assets/')) {
      if (!existsSync(file)) return reply.callNotFound();
      return reply.sendFile(relative, root, { maxAge: '365d', immutable: true });
    }
    if (inside && relative !== '' && relative !== 'index.html' && existsSync(file)) {
      return reply.sendFile(relative, root);
    }
    const page = (await readFile(path.join(root, 'index.html'), 'utf8').catch(() => undefined)) ?? '';
    if (page === '') return reply.callNotFound();
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(appName)}</title>`));
  });
}

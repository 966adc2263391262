import { siteEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { siteSettingsOf } from './site-settings';

/** The reseller's brand for the portal: one build serves any APP_NAME, logo and support address. */
export function siteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['site']);
    // Read when asked: PUBLIC_URL's port is settled only once the server listens (context.ts).
    route(siteEndpoints.settings, async (request) => ok(request, siteSettingsOf(ctx.config)));
  };
}

import { adminOverviewEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { endpointRoutes } from '../../../plugins/endpoint-routes';
import { overview } from './overview.service';

/** The console's overview page. */
export function overviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['admin']);
    route(adminOverviewEndpoints.get, async (request) => ok(request, await overview(ctx)));
  };
}

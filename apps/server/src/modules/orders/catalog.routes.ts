import { orderEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { packages, priceMenu } from './catalog.service';

/** What can be bought: per-GB price tiers and packages (docs/product.md#orders). */
export function catalogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['orders']);
    route(orderEndpoints.priceMenu, async (request) => ok(request, await priceMenu(ctx.db)));
    route(orderEndpoints.packages, async (request) => ok(request, await packages(ctx.db)));
  };
}

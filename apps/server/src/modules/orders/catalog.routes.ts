import { orderEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { buyerOf } from './buyer';
import { packages, priceMenu } from './catalog.service';
import { hasTrialClaim } from './order.repository';

/** What can be bought: per-GB price tiers and packages (docs/product.md#orders). */
export function catalogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['orders']);
    route(orderEndpoints.priceMenu, async (request) => ok(request, await priceMenu(ctx.db)));
    route(orderEndpoints.packages, async (request) => {
      const buyer = buyerOf(request);
      const [list, trialUsed] = await Promise.all([
        packages(ctx.db),
        hasTrialClaim(ctx.db, buyer.id, buyer.ip),
      ]);
      // A used trial is not offered again (the order would be refused with TrialUsed).
      return ok(request, { ...list, trial_available: !trialUsed });
    });
  };
}

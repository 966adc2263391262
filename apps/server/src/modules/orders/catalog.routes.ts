import { envelopeSchema, orderPaths, packagesData, priceMenuData } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { requireAccount } from '../../plugins/auth';
import { packages, priceMenu } from './catalog.service';

const tags = ['orders'];
const security: Record<string, string[]>[] = [{ jwtToken: [] }, { bearer: [] }];

/** What can be bought: per-GB price tiers and packages (spec §7 "Orders"). */
export function catalogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const signedIn = requireAccount(ctx);
  return async (app) => {
    app.get(
      orderPaths.priceMenu,
      { onRequest: signedIn, schema: { tags, security, response: { 200: envelopeSchema(priceMenuData) } } },
      async (request) => ok(request, await priceMenu(ctx.db)),
    );
    app.get(
      orderPaths.packages,
      { onRequest: signedIn, schema: { tags, security, response: { 200: envelopeSchema(packagesData) } } },
      async (request) => ok(request, await packages(ctx.db)),
    );
  };
}

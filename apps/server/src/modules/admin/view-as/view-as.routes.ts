import { adminViewAsEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { currentAccount } from '../../../plugins/auth';
import { endpointRoutes } from '../../../plugins/endpoint-routes';
import { openView } from './view-as.service';

/** "View the portal as the customer" (read-only, audited). */
export function viewAsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['admin']);
    route(adminViewAsEndpoints.open, async (request, input) =>
      ok(request, await openView(ctx, currentAccount(request), input)),
    );
  };
}

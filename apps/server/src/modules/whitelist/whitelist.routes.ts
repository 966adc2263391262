import { canonicalIp, MAX_WHITELIST_IPS, whitelistEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { currentAccount } from '../../plugins/auth';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { toWhitelistEntry } from './whitelist-view';
import { addWhitelistIp, changeWhitelistIp, listWhitelist, removeWhitelistIp } from './whitelist.service';

/** The IP whitelist (docs/product.md#whitelist). */
export function whitelistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['whitelist']);

    route(whitelistEndpoints.list, async (request, { page, page_size: pageSize }) => {
      const { list, total } = await listWhitelist(ctx, currentAccount(request), page, pageSize);
      return ok(request, {
        list: list.map(toWhitelistEntry),
        total,
        page,
        page_size: pageSize,
        limit: MAX_WHITELIST_IPS,
        current_ip: canonicalIp(request.ip) ?? request.ip,
      });
    });
    route(whitelistEndpoints.add, async (request, input) =>
      ok(request, toWhitelistEntry(await addWhitelistIp(ctx, currentAccount(request), input))),
    );
    route(whitelistEndpoints.update, async (request, input) =>
      ok(request, toWhitelistEntry(await changeWhitelistIp(ctx, currentAccount(request), input.id, input))),
    );
    route(whitelistEndpoints.delete, async (request, input) => {
      await removeWhitelistIp(ctx, currentAccount(request), input.id);
      return ok(request, { id: input.id });
    });
  };
}

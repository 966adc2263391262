import { trafficEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { currentAccount } from '../../plugins/auth';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { trafficChangelog, trafficChangelogCsv } from './changelog.service';
import { sendCsv } from '../../lib/csv';
import { usageDetails, usageDetailsCsv } from './details.service';
import { rangeOf } from './traffic-range';
import { usageOverview } from './usage-overview.service';

/** Usage and the traffic change record (docs/product.md#usage; decision 014). */
export function trafficRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['traffic']);

    // Each list has one route for a page of rows (JSON) and every row of the filter as a file
    // (`format=csv`: trafficLinks.changesCsv, trafficLinks.detailsCsv).
    route(trafficEndpoints.changelog, async (request, query, reply) => {
      const { page, page_size: pageSize, kind, subaccount_id: subaccountId } = query;
      const input = { range: rangeOf(request, query, ctx.clock()), kind, subaccountId };
      if (query.format === 'json') {
        return ok(
          request,
          await trafficChangelog(ctx, currentAccount(request), { ...input, page, pageSize }),
        );
      }
      return sendCsv(reply, await trafficChangelogCsv(ctx, currentAccount(request), input));
    });

    route(trafficEndpoints.details, async (request, query, reply) => {
      const { page, page_size: pageSize, subaccount_id: subaccountId, source_ip: sourceIp } = query;
      const input = { range: rangeOf(request, query, ctx.clock()), subaccountId, sourceIp };
      if (query.format === 'json') {
        return ok(request, await usageDetails(ctx, currentAccount(request), { ...input, page, pageSize }));
      }
      return sendCsv(reply, await usageDetailsCsv(ctx, currentAccount(request), input));
    });

    route(trafficEndpoints.usage, async (request, query) => {
      const input = { range: rangeOf(request, query, ctx.clock()), subaccountId: query.subaccount_id };
      return ok(request, await usageOverview(ctx, currentAccount(request), input));
    });
  };
}

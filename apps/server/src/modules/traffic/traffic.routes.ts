import { trafficEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { currentAccount } from '../../plugins/auth';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { trafficChangelog } from './changelog.service';
import { usageDetails, usageDetailsCsv } from './details.service';
import { rangeOf } from './traffic-range';
import { usageOverview } from './usage-overview.service';

/** Usage and the traffic change record (spec §7 "Traffic"; decision 014). */
export function trafficRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['traffic']);

    route(trafficEndpoints.changelog, async (request, query) => {
      const { page, page_size: pageSize, kind, subaccount_id: subaccountId } = query;
      const input = { range: rangeOf(request, query, ctx.clock()), kind, subaccountId, page, pageSize };
      return ok(request, await trafficChangelog(ctx, currentAccount(request), input));
    });

    // One route for the page of rows (JSON) and the whole range as a file (`format=csv`, trafficLinks.detailsCsv).
    route(trafficEndpoints.details, async (request, query, reply) => {
      const { page, page_size: pageSize, subaccount_id: subaccountId, source_ip: sourceIp } = query;
      const input = { range: rangeOf(request, query, ctx.clock()), subaccountId, sourceIp };
      if (query.format === 'json') {
        return ok(request, await usageDetails(ctx, currentAccount(request), { ...input, page, pageSize }));
      }
      const csv = await usageDetailsCsv(ctx, currentAccount(request), input);
      if (csv.truncated) void reply.header('x-csv-truncated', 'true');
      // A string with a non-JSON content type is sent as it is, not checked against the envelope schema.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.fileName}"`)
        .send(csv.body);
    });

    route(trafficEndpoints.usage, async (request, query) => {
      const input = { range: rangeOf(request, query, ctx.clock()), subaccountId: query.subaccount_id };
      return ok(request, await usageOverview(ctx, currentAccount(request), input));
    });
  };
}

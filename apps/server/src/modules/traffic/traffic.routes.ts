import {
  changelogData,
  changelogQuery,
  detailsData,
  detailsQuery,
  envelopeSchema,
  trafficPaths,
  usageData,
  usageQuery,
} from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { currentAccount, requireAccount } from '../../plugins/auth';
import { trafficChangelog } from './changelog.service';
import { usageDetails, usageDetailsCsv } from './details.service';
import { rangeOf } from './traffic-range';
import { usageOverview } from './usage-overview.service';

const tags = ['traffic'];
const security: Record<string, string[]>[] = [{ jwtToken: [] }, { bearer: [] }];

/** Usage and the traffic change record (spec §7 "Traffic"; decision 014). */
export function trafficRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const onRequest = requireAccount(ctx);
  return async (app) => {
    app.get(
      trafficPaths.changelog,
      {
        onRequest,
        schema: {
          tags,
          security,
          querystring: changelogQuery,
          response: { 200: envelopeSchema(changelogData) },
        },
      },
      async (request) => {
        const { page, page_size: pageSize, kind, subaccount_id: subaccountId } = request.query;
        const range = rangeOf(request, request.query, ctx.clock());
        const input = { range, kind, subaccountId, page, pageSize };
        return ok(request, await trafficChangelog(ctx, currentAccount(request), input));
      },
    );

    app.get(
      trafficPaths.details,
      {
        onRequest,
        schema: {
          tags,
          security,
          description:
            'With `format=csv`: a `text/csv` attachment of every row of the range instead of the envelope.',
          querystring: detailsQuery,
          response: { 200: envelopeSchema(detailsData) },
        },
      },
      async (request, reply) => {
        const { page, page_size: pageSize, subaccount_id: subaccountId, source_ip: sourceIp } = request.query;
        const input = { range: rangeOf(request, request.query, ctx.clock()), subaccountId, sourceIp };
        if (request.query.format === 'json') {
          return ok(request, await usageDetails(ctx, currentAccount(request), { ...input, page, pageSize }));
        }
        const csv = await usageDetailsCsv(ctx, currentAccount(request), input);
        if (csv.truncated) void reply.header('x-csv-truncated', 'true');
        // A string with a non-JSON content type is sent as it is; the 200 schema types the envelope only.
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.fileName}"`)
          .send(csv.body as never);
      },
    );

    app.get(
      trafficPaths.usage,
      {
        onRequest,
        schema: { tags, security, querystring: usageQuery, response: { 200: envelopeSchema(usageData) } },
      },
      async (request) => {
        const range = rangeOf(request, request.query, ctx.clock());
        const input = { range, subaccountId: request.query.subaccount_id };
        return ok(request, await usageOverview(ctx, currentAccount(request), input));
      },
    );
  };
}

import {
  citysData,
  citysQuery,
  dynamicPaths,
  dynamicWhitelistData,
  envelopeSchema,
  gatewaysData,
  proxyTestBody,
  proxyTestData,
  stockData,
} from '@resiport/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { currentAccount, requireAccount } from '../../plugins/auth';
import { enforceAccountRateLimit } from '../rate-limit/rate-limiter';
import { listWhitelist } from '../whitelist/whitelist.service';
import { countriesOf, placesOf } from './locations';
import { testProxyLine } from './proxy-test.service';

const tags = ['dynamic proxies'];
const security: Record<string, string[]>[] = [{ jwtToken: [] }, { bearer: [] }];

/** What the proxy generator offers: gateways, countries, states and cities, whitelisted IPs (spec §7). */
export function dynamicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const onRequest = requireAccount(ctx);
  const { pool, publicHost, httpPort, socksPort, region } = ctx.config.gateway;
  const stock = countriesOf(pool);
  return async (app) => {
    app.get(
      dynamicPaths.gateways,
      { onRequest, schema: { tags, security, response: { 200: envelopeSchema(gatewaysData) } } },
      async (request) =>
        ok(request, {
          list: [
            {
              hostname: publicHost,
              http_port: httpPort,
              socks_port: socksPort,
              protocols: ['http', 'socks5'],
              region,
            },
          ],
        }),
    );
    app.get(
      dynamicPaths.stock,
      { onRequest, schema: { tags, security, response: { 200: envelopeSchema(stockData) } } },
      async (request) => ok(request, stock),
    );
    app.get(
      dynamicPaths.citys,
      {
        onRequest,
        schema: { tags, security, querystring: citysQuery, response: { 200: envelopeSchema(citysData) } },
      },
      async (request) => ok(request, placesOf(pool, request.query.country)),
    );
    app.get(
      dynamicPaths.whitelist,
      { onRequest, schema: { tags, security, response: { 200: envelopeSchema(dynamicWhitelistData) } } },
      async (request) => {
        const { list } = await listWhitelist(ctx, currentAccount(request), 1, 100);
        return ok(request, { list: list.map((entry) => entry.ip) });
      },
    );
    app.post(
      dynamicPaths.test,
      {
        onRequest,
        schema: { tags, security, body: proxyTestBody, response: { 200: envelopeSchema(proxyTestData) } },
      },
      async (request) => {
        // Per account, not per IP: every customer's test reaches the gateway from our own address.
        await enforceAccountRateLimit(ctx, 'proxyTest', currentAccount(request).id);
        return ok(request, await testProxyLine(ctx, request.body));
      },
    );
    // What a proxy test sees: the address a request arrived from (for set-ups without internet access,
    // PROXY_TEST_URL can point here). Public: the caller is whoever came through the gateway.
    app.get(
      '/dynamic/echo',
      { schema: { tags, response: { 200: z.object({ ip: z.string(), country: z.null() }) } } },
      async (request) => ({ ip: request.ip, country: null }),
    );
  };
}

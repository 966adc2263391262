import { dynamicEndpoints, dynamicLinks } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { requestLang } from '../../i18n/phrase';
import { currentAccount } from '../../plugins/auth';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { enforceAccountRateLimit } from '../rate-limit/rate-limiter';
import { servedPool } from '../exits/exit-pool.service';
import { listWhitelist } from '../whitelist/whitelist.service';
import { countriesOf, placesOf } from './locations';
import { testProxyLine } from './proxy-test.service';

/** What the proxy generator offers: gateways, countries, states and cities, whitelisted IPs (docs/product.md#proxy-generator). */
export function dynamicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route, link } = endpointRoutes(app, ctx, ['dynamic proxies']);

    route(dynamicEndpoints.gateways, async (request) => {
      // Read when answering: an in-process gateway's ports are settled once it listens (context.ts).
      const { publicHost, httpPort, socksPort, region } = ctx.config.gateway;
      const gateway = { hostname: publicHost, http_port: httpPort, socks_port: socksPort, region };
      return ok(request, { list: [{ ...gateway, protocols: ['http', 'socks5'] }] });
    });
    // Read from the exit pool on every call (a few rows): a console change shows at once, in every process.
    route(dynamicEndpoints.stock, async (request) => ok(request, countriesOf(await servedPool(ctx.db))));
    route(dynamicEndpoints.citys, async (request, { country }) =>
      ok(request, placesOf(await servedPool(ctx.db), country)),
    );
    route(dynamicEndpoints.whitelist, async (request) => {
      const { list } = await listWhitelist(ctx, currentAccount(request), 1, 100);
      return ok(request, { list: list.map((entry) => entry.ip) });
    });
    route(dynamicEndpoints.test, async (request, line) => {
      // Per account, not per IP: every customer's test reaches the gateway from our own address.
      await enforceAccountRateLimit(ctx, 'proxyTest', currentAccount(request).id);
      return ok(request, await testProxyLine(ctx, line, requestLang(request)));
    });
    // Public: the caller is whoever came through the gateway.
    link(dynamicLinks.echo, async (request) => ({ ip: request.ip, country: null }));
  };
}

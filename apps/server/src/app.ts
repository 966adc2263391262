import formbody from '@fastify/formbody';
import type { Server } from 'node:http';
import { healthEndpoints } from '@resiport/contract';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { rechargeRoutes } from './modules/billing/recharge.routes';
import { cryptomusWebhookRoutes } from './modules/billing/webhook.routes';
import { catalogRoutes } from './modules/orders/catalog.routes';
import { orderRoutes } from './modules/orders/order.routes';
import { receiptRoutes } from './modules/receipts/receipt.routes';
import { subaccountRoutes } from './modules/subaccounts/subaccount.routes';
import { whitelistRoutes } from './modules/whitelist/whitelist.routes';
import { gatewayLinkRoutes } from './modules/gateway-link/gateway-link.routes';
import { dynamicRoutes } from './modules/dynamic/dynamic.routes';
import { seedExitPool } from './modules/exits/exit-pool.service';
import { trafficRoutes } from './modules/traffic/traffic.routes';
import { createCryptomusSandbox, SANDBOX_PREFIX } from './modules/cryptomus/sandbox/cryptomus-sandbox';
import { healthRoutes } from './modules/health/health.routes';
import { siteRoutes } from './modules/site/site.routes';
import { registerHttpMetrics } from './modules/metrics/http-metrics';
import { oauthRoutes } from './modules/account/oauth/oauth.routes';
import { alertRoutes } from './modules/alerts/alerts.routes';
import { securityRoutes } from './modules/account/user/security.routes';
import { userRoutes } from './modules/account/user/user.routes';
import { decorateAuth } from './plugins/auth';
import { registerErrorHandlers } from './plugins/error-handler';
import { clientErrorHandler, refuseControlCharacters } from './plugins/input-hygiene';
import { DEFAULT_HTTP_LIMITS, httpServerOptions, type HttpLimits } from './lib/http-limits';
import { registerOpenApi } from './plugins/openapi';
import { OneLinePerRequest } from './plugins/request-log';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { securityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

export interface BuildOptions {
  /** Built web app to serve under /client; omitted in API-only tests. */
  webDistDir?: string;
  serveWeb?: boolean;
  /** Connection time-outs of the API port; tests shorten them, the defaults close slow sockets within 12 s. */
  httpLimits?: Partial<HttpLimits>;
}

/**
 * Builds the whole HTTP app from a context, registering everything explicitly and in order:
 * framework plugins, cross-cutting plugins, then every API module under /api.
 */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const serverOptions: FastifyHttpOptions<Server> = {
    ...httpServerOptions({ ...DEFAULT_HTTP_LIMITS, ...options.httpLimits }),
    // Node's own answers to unparsable or timed-out requests (e.g. a URL over 16 KB) as the envelope.
    clientErrorHandler,
    loggerInstance: ctx.log,
    // One line per answered request; health checks and gateways poll often, so theirs go to debug.
    logController: new OneLinePerRequest([`/api${healthEndpoints.health.path}`, '/api/internal/']),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 64 * 1024,
    // Gateways hold long-poll calls open (the change feed): a stopping server must not wait on them.
    forceCloseConnections: true,
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = ctx.config.apiMaxConnections;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  await app.register(formbody);
  decorateAuth(app);
  registerErrorHandlers(app);
  // Before any route: each route gets its counting hook as it is declared (off without METRICS_PORT).
  if (ctx.config.metrics) registerHttpMetrics(app, ctx.metrics.http);
  refuseControlCharacters(app);
  securityHeaders(app, ctx.config);
  await registerOpenApi(app, ctx);
  // Before anything can ask for it: an empty exit pool is filled from the pool file, once (decision 030).
  await seedExitPool(ctx);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(siteRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(oauthRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(securityRoutes(ctx));
      await api.register(alertRoutes(ctx));
      await api.register(rechargeRoutes(ctx));
      await api.register(cryptomusWebhookRoutes(ctx));
      await api.register(catalogRoutes(ctx));
      await api.register(orderRoutes(ctx));
      await api.register(receiptRoutes(ctx));
      await api.register(subaccountRoutes(ctx));
      await api.register(whitelistRoutes(ctx));
      await api.register(gatewayLinkRoutes(ctx));
      await api.register(dynamicRoutes(ctx));
      await api.register(trafficRoutes(ctx));
      await api.register(adminRoutes(ctx));
    },
    { prefix: '/api' },
  );

  if (ctx.config.cryptomus.sandbox) {
    // The bundled stand-in for Cryptomus (docs/architecture.md#payments); off as soon as CRYPTOMUS_BASE_URL is set.
    const sandbox = createCryptomusSandbox({
      ...ctx,
      ...ctx.config.cryptomus,
      // Read when answering: the public URL is settled only once the server listens (context.ts).
      get publicUrl() {
        return ctx.config.publicUrl;
      },
    });
    await app.register(sandbox.plugin, { prefix: SANDBOX_PREFIX });
    // Let webhooks it is sending in the background arrive before the server stops taking requests:
    // otherwise their handlers, calling back into the sandbox, would wait on a server that is closing.
    app.addHook('preClose', async () => {
      await sandbox.idle();
    });
  }

  if (options.serveWeb !== false) await registerWebApp(app, options.webDistDir, ctx.config.appName);
  return app;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { auditRoutes } from './audit/audit.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { customersRoutes } from './customers/customers.routes';
import { exitsRoutes } from './exits/exits.routes';
import { overviewRoutes } from './overview/overview.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { viewAsRoutes } from './view-as/view-as.routes';

/**
 * The operator console's API (decision 029), every call under `/api/admin` and guarded
 * `auth: 'operator'` by its endpoint object. Each area registers here, explicitly.
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(overviewRoutes(ctx));
    await app.register(auditRoutes(ctx));
    await app.register(viewAsRoutes(ctx));
    await app.register(catalogueRoutes(ctx));
    await app.register(customersRoutes(ctx));
    await app.register(exitsRoutes(ctx));
    await app.register(paymentsRoutes(ctx));
  };
}

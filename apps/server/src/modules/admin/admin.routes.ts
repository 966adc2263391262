import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { auditRoutes } from './audit/audit.routes';

/**
 * The operator console's API (issue 16, decision 029), every call under `/api/admin` and guarded
 * `auth: 'operator'` by its endpoint object. Each area registers here, explicitly.
 */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(auditRoutes(ctx));
  };
}

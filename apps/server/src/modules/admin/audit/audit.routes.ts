import { adminAuditEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { endpointRoutes } from '../../../plugins/endpoint-routes';
import { listAudit } from './audit-list.service';

/** The audit log page of the console (read-only: nothing edits the log). */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['admin']);
    route(adminAuditEndpoints.list, async (request, input) => ok(request, await listAudit(ctx, input)));
  };
}

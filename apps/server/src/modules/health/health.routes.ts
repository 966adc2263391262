import { envelopeSchema, healthData, healthEndpoints, ResultCode } from '@resiport/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { phrase, requestLang } from '../../i18n/phrase';
import { ok } from '../../lib/reply';
import { endpointRoutes } from '../../plugins/endpoint-routes';

/** Liveness (the process answers) and readiness (the database answers too). */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['health']);
    const unavailable = { otherResponses: { 503: envelopeSchema(healthData) } };

    route(healthEndpoints.live, async (request) => ok(request, { status: 'ok', database: 'skipped' }));

    const ready = async (request: FastifyRequest, _input: unknown, reply: FastifyReply) => {
      const up = await sql`select 1`.execute(ctx.db).then(
        () => true,
        (error: unknown) => {
          request.log.error({ err: error }, 'readiness: database unreachable');
          return false;
        },
      );
      if (!up) {
        reply.code(503);
        return {
          code: ResultCode.ServiceUnavailable,
          msg: phrase(requestLang(request), 'codes', 'ServiceUnavailable'),
          data: { status: 'unavailable' as const, database: 'down' as const },
        };
      }
      return ok(request, { status: 'ok' as const, database: 'up' as const });
    };
    route(healthEndpoints.ready, ready, unavailable);
    route(healthEndpoints.health, ready, unavailable);
  };
}

import { envelopeSchema, healthData, healthPaths, ResultCode } from '@resiport/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { requestLang, translate } from '../../i18n/translate';
import { ok } from '../../lib/reply';

const tags = ['health'];
const response = { 200: envelopeSchema(healthData), 503: envelopeSchema(healthData) };

/** Liveness (the process answers) and readiness (the database answers too). */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(healthPaths.live, { schema: { tags, response } }, async (request) =>
      ok(request, { status: 'ok' as const, database: 'skipped' as const }),
    );

    const ready = async (request: FastifyRequest, reply: FastifyReply) => {
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
          msg: translate(requestLang(request), 'ServiceUnavailable'),
          data: { status: 'unavailable' as const, database: 'down' as const },
        };
      }
      return ok(request, { status: 'ok' as const, database: 'up' as const });
    };
    app.get(healthPaths.ready, { schema: { tags, response } }, ready);
    app.get(healthPaths.health, { schema: { tags, response } }, ready);
  };
}

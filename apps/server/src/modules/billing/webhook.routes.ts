import { rechargePaths } from '@resiport/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { acceptRawJson } from '../cryptomus/webhook';
import { handleCryptomusWebhook } from './webhook.service';

/** The Cryptomus webhook (POST JSON); in its own scope so it sees the raw body the signature covers. */
export function cryptomusWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (scope) => {
    acceptRawJson(scope);
    scope.post(rechargePaths.webhook, { schema: { hide: true } }, async (request, reply) => {
      const answer = await handleCryptomusWebhook(
        ctx,
        typeof request.body === 'string' ? request.body : '',
        request.ip,
      );
      return reply.code(answer.status).send({ code: 0, msg: answer.accepted ? 'ok' : 'ignored', data: null });
    });
  };
}

import { cryptomusWebhookPath, ResultCode, type ResultCodeName } from '@resiport/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { phrase, requestLang } from '../../i18n/phrase';
import { acceptRawJson } from '../cryptomus/webhook';
import { handleCryptomusWebhook, type WebhookAnswer } from './webhook.service';

/** Bad signature (401) and a source IP not allowed (403) are both "not Cryptomus": Forbidden. */
const refusalCodes: Record<Exclude<WebhookAnswer['status'], 200>, ResultCodeName> = {
  400: 'ValidationFailed',
  401: 'Forbidden',
  403: 'Forbidden',
  503: 'ServiceUnavailable',
};

/** The Cryptomus webhook (POST JSON); in its own scope so it sees the raw body the signature covers. */
export function cryptomusWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (scope) => {
    acceptRawJson(scope);
    scope.post(cryptomusWebhookPath, { schema: { hide: true } }, async (request, reply) => {
      const answer = await handleCryptomusWebhook(
        ctx,
        typeof request.body === 'string' ? request.body : '',
        request.ip,
      );
      if (answer.status === 200) {
        return reply.send({ code: 0, msg: answer.accepted ? 'ok' : 'ignored', data: null });
      }
      // A refusal keeps its HTTP status (Cryptomus only looks at that) and gets a non-zero code.
      const codeName = refusalCodes[answer.status];
      return reply.code(answer.status).send({
        code: ResultCode[codeName],
        msg: phrase(requestLang(request), 'codes', codeName, {}),
        data: null,
      });
    });
  };
}

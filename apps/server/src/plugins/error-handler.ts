import { httpStatusOf, ResultCode, type ResultCodeName, type ServerLang } from '@resiport/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { isPhraseKey, phrase, requestLang } from '../i18n/phrase';

declare module 'fastify' {
  interface FastifyReply {
    /** The ResultCode of the failure rendered here, 0 for any other answer: what the error metrics count. */
    failureCode: number;
  }
}

/** The one exit for failures: every error becomes `{code, msg, data}` with a matching HTTP status. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.decorateReply('failureCode', 0);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLang(request);
    if (error instanceof AppError) {
      if (error.codeName === 'TooManyRequests') {
        request.log.warn(
          { event: 'security.rate_limited', url: request.routeOptions.url, ip: request.ip },
          'rate limit hit',
        );
        const { retry_after_seconds: retryAfter } = error.data as { retry_after_seconds: number };
        void reply.header('retry-after', String(retryAfter));
      }
      return sendFailure(
        reply,
        error.codeName,
        phrase(lang, 'codes', error.messageKey ?? error.codeName, error.params),
        error.data,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldMessages(error.validation, lang);
      return sendFailure(reply, 'ValidationFailed', phrase(lang, 'codes', 'ValidationFailed'), { fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, unsupported media type, body too large): client input problems.
      const fields = status === 413 ? { _: phrase(lang, 'validation', 'validation.requestTooLarge') } : {};
      return sendFailure(
        reply,
        'ValidationFailed',
        phrase(lang, 'codes', 'ValidationFailed'),
        { fields },
        status,
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(reply, 'InternalError', phrase(lang, 'codes', 'InternalError'), null);
  });

  app.setNotFoundHandler((request, reply) =>
    sendFailure(reply, 'NotFound', phrase(requestLang(request), 'codes', 'NotFound'), null),
  );
}

function sendFailure(
  reply: FastifyReply,
  codeName: ResultCodeName,
  msg: string,
  data: unknown,
  status = httpStatusOf[codeName],
) {
  const code = ResultCode[codeName];
  reply.failureCode = code;
  return reply.code(status).send({ code, msg, data });
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** One localized message per field (the first issue wins), from zod issues carrying message keys. */
function fieldMessages(issues: readonly ValidationIssue[], lang: ServerLang): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    const message = issue.message ?? '';
    fields[field] ??= phrase(
      lang,
      'validation',
      isPhraseKey('validation', message) ? message : 'validation.invalid',
    );
  }
  return fields;
}

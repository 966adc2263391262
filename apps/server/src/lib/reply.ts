import type { Envelope } from '@resiport/contract';
import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '../i18n/messages';
import { requestLang, translate } from '../i18n/translate';

/** The success envelope, with `msg` in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T, message: MessageKey = 'Success'): Envelope<T> {
  return { code: 0, msg: translate(requestLang(request), message), data };
}

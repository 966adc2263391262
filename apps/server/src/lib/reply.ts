import { ResultCode, type Envelope } from '@resiport/contract';
import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '../i18n/messages';
import { requestLang, translate } from '../i18n/translate';

/** The success envelope, with `msg` in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T, message: MessageKey = 'Success'): Envelope<T> {
  return { code: 0, msg: translate(requestLang(request), message), data };
}

/**
 * A pass-through answer (20302 go to payment, 20402 payment required, 10040 two-factor code
 * needed): not an error, `data` says what next.
 */
export function passThrough<T>(
  request: FastifyRequest,
  code: 'GoToPayment' | 'PaymentRequired' | 'TwoFactorRequired',
  data: T,
): Envelope<T> {
  return { code: ResultCode[code], msg: translate(requestLang(request), code), data };
}

import { ResultCode, type Envelope } from '@resiport/contract';
import type { FastifyRequest } from 'fastify';
import { phrase, requestLang, type PlainCodeKey } from '../i18n/phrase';

/** The success envelope, with `msg` in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T, message: PlainCodeKey = 'Success'): Envelope<T> {
  return { code: 0, msg: phrase(requestLang(request), 'codes', message), data };
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
  return { code: ResultCode[code], msg: phrase(requestLang(request), 'codes', code), data };
}

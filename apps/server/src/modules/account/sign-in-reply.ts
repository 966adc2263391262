import type { Envelope, Session, TwoFactorChallenge } from '@resiport/contract';
import type { FastifyRequest } from 'fastify';
import { ok, passThrough } from '../../lib/reply';
import type { SignInResult } from './sign-in.service';

/** A first sign-in step answers a session (code 0) or a two-factor ticket (code 10040). */
export function signInReply(
  request: FastifyRequest,
  result: SignInResult,
): Envelope<Session | TwoFactorChallenge> {
  return 'session' in result
    ? ok(request, result.session)
    : passThrough(request, 'TwoFactorRequired', result.twoFactor);
}

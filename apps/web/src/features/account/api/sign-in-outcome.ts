import {
  ResultCode,
  sessionSchema,
  twoFactorChallengeData,
  type Session,
  type TwoFactorChallenge,
} from '@resiport/contract';
import type { ApiReply } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/** A first sign-in step ends in a session, or — with two-factor on — in a ticket for the code step. */
export type SignInOutcome = { session: Session } | { challenge: TwoFactorChallenge };

export function signInOutcomeOf(reply: ApiReply<unknown>): SignInOutcome {
  if (reply.ok) return { session: sessionSchema.parse(reply.data) };
  if (reply.code === ResultCode.TwoFactorRequired) {
    return { challenge: twoFactorChallengeData.parse(reply.data) };
  }
  throw new ApiError('passThrough', reply.msg, reply.code, reply.data);
}

/** The sign-in request's own parser accepts either shape; `signInOutcomeOf` tells them apart. */
export const anyData = { parse: (data: unknown) => data };

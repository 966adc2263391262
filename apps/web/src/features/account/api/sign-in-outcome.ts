import type { accountEndpoints, Session, TwoFactorChallenge } from '@resiport/contract';
import type { ApiReply } from '../../../lib/api-reply';

/** A first sign-in step ends in a session, or — with two-factor on — in a ticket for the code step. */
export type SignInOutcome = { session: Session } | { challenge: TwoFactorChallenge };

/** Password and OAuth sign-in answer alike: a session, or 10040 TwoFactorRequired with the ticket. */
export function signInOutcomeOf(reply: ApiReply<typeof accountEndpoints.login>): SignInOutcome {
  return reply.ok ? { session: reply.data } : { challenge: reply.data };
}

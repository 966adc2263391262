import { createHash } from 'node:crypto';
import { proxyUsername, type Exit } from '@resiport/contract';
import type { ChoiceRequest } from './pool';

/**
 * The username an upstream exit gets (docs/architecture.md#gateway-principles: "compose the upstream username from the customer's
 * targeting when the provider uses the same grammar"). Only exits marked `forward_targeting` get the
 * customer's country/state/city and session; every other exit gets its configured username as is.
 *
 * The session id is not the customer's own: two customers may both call their session `s1`, and the
 * provider must not give them one exit. It is derived from the owner and the session id, so it is the
 * same on every gateway process (sticky across processes) and tells the provider nothing about us.
 */
export function upstreamSessionId(ownerKey: string, sessionId: string): string {
  return createHash('sha256').update(`${ownerKey}\0${sessionId}`).digest('hex').slice(0, 16);
}

export function withUpstreamTargeting(exit: Exit, request: ChoiceRequest): Exit {
  if (exit.forward_targeting !== true || exit.type === 'direct') return exit;
  const { session } = request;
  const username = proxyUsername(exit.username ?? '', {
    ...request.target,
    session: session && { id: upstreamSessionId(request.ownerKey, session.id), minutes: session.minutes },
  });
  return { ...exit, username };
}

import type { TrafficOwner } from '@resiport/contract';
import type { AppContext } from '../../context';
import { pruneEndedSessions, startOrKeepEpoch } from './session.repository';

/** Ended sessions are deleted at most this often per server process, on the call path. */
const PRUNE_EVERY_MS = 60_000;
const lastPruneAt = new WeakMap<AppContext, number>();

export interface SessionRequest {
  owner: TrafficOwner;
  sessionId: string;
  minutes: number;
}

/**
 * A sticky session's epoch (decision 016): its life starts at the first use and lasts `minutes`;
 * using it does not extend it, and a use after it ended starts the next epoch. The answer's
 * `expiresInMs` is relative to the server's clock, so gateways need not share it.
 */
export async function sessionEpoch(
  ctx: AppContext,
  request: SessionRequest,
): Promise<{ epoch: number; expiresInMs: number }> {
  const now = ctx.clock();
  await pruneNowAndThen(ctx, now);
  const { epoch, expiresAt } = await startOrKeepEpoch(
    ctx.db,
    {
      accountId: request.owner.account_id,
      subaccountId: request.owner.subaccount_id ?? 0,
      sessionId: request.sessionId,
    },
    now,
    new Date(now.getTime() + request.minutes * 60_000),
  );
  return { epoch: Number(epoch), expiresInMs: Math.max(0, expiresAt.getTime() - now.getTime()) };
}

async function pruneNowAndThen(ctx: AppContext, now: Date): Promise<void> {
  const last = lastPruneAt.get(ctx);
  if (last !== undefined && now.getTime() - last < PRUNE_EVERY_MS && now.getTime() >= last) return;
  lastPruneAt.set(ctx, now.getTime());
  const pruned = await pruneEndedSessions(ctx.db, now);
  if (pruned > 0) ctx.log.debug({ pruned }, 'pruned ended proxy sessions');
}

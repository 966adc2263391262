import { MAX_EVENTS_WAIT_MS } from '@resiport/contract';
import type { Transaction } from 'kysely';
import { EventEmitter } from 'node:events';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database.types';
import { deleteFeedCursorsSeenBefore, feedCursorsOf, saveFeedCursor } from './gateway-events.repository';

/**
 * Decision 019. A void (recycle, delete, disable, new password, whitelist change, an allocation of
 * reserved traffic) gives the customer back bytes a gateway process may still hold as credit. Until
 * that process applies the change-feed event, a client reading at loopback speed could spend them
 * again. So a voiding change is answered only when every process that held a voided lease has
 * applied the event — its feed cursor passed it — or has stopped reading the feed, or after
 * VOID_APPLIED_TIMEOUT_MS (then whatever it still delivers is billed as usage past the lease).
 */
export const VOID_APPLIED_TIMEOUT_MS = 3000;
/** A process that has not asked for the feed for this long is gone (it long-polls every few seconds). */
const GONE_AFTER_MS = 3 * MAX_EVENTS_WAIT_MS;
const RECHECK_MS = 25;

interface Void {
  eventId: number;
  instanceIds: readonly string[];
}

const voidsOf = new WeakMap<Transaction<Database>, Void[]>();
const cursorMoved = new EventEmitter().setMaxListeners(0);

/**
 * Runs `work` in a transaction in which leases may be voided, and answers once the gateways that
 * held them have applied the voids (not before the commit: a rolled-back void voided nothing).
 */
export async function voidingTransaction<T>(
  ctx: AppContext,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const voids: Void[] = [];
  const result = await ctx.db.transaction().execute((trx) => {
    voidsOf.set(trx, voids);
    return work(trx);
  });
  await voidsApplied(ctx, voids);
  return result;
}

/** Notes a void written in `trx` (which must come from `voidingTransaction`). */
export function noteVoid(trx: Transaction<Database>, voided: Void): void {
  const voids = voidsOf.get(trx);
  if (!voids) throw new Error('leases are voided only inside voidingTransaction');
  voids.push(voided);
}

/** A gateway process asked for the events after `eventId`, so it has applied every one up to it. */
export async function recordFeedCursor(ctx: AppContext, instanceId: string, eventId: number): Promise<void> {
  await saveFeedCursor(ctx.db, instanceId, eventId, ctx.clock());
  cursorMoved.emit('moved');
}

async function voidsApplied(ctx: AppContext, voids: readonly Void[]): Promise<void> {
  if (voids.length === 0) return;
  const eventId = Math.max(...voids.map((v) => v.eventId));
  const instanceIds = [...new Set(voids.flatMap((v) => v.instanceIds))];
  const deadline = Date.now() + VOID_APPLIED_TIMEOUT_MS;
  for (;;) {
    const cursors = await feedCursorsOf(ctx.db, instanceIds);
    const alive = ctx.clock().getTime() - GONE_AFTER_MS;
    const behind = cursors.filter((c) => c.event_id < eventId && c.seen_at.getTime() >= alive);
    if (behind.length === 0) return;
    if (Date.now() >= deadline) {
      ctx.log.warn(
        { event: eventId, instances: behind.map((c) => c.instance_id) },
        'gateways did not apply a lease void in time; what they still deliver is billed past the lease',
      );
      return;
    }
    // This process's feed calls wake us at once; other API processes' are seen by the re-check.
    await cursorMovedOrAfter(Math.min(RECHECK_MS, deadline - Date.now()));
  }
}

function cursorMovedOrAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      cursorMoved.off('moved', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    cursorMoved.once('moved', done);
  });
}

/**
 * A gateway silent this long is gone (replaced, scaled down, renamed): its row leaves the console's
 * list. Far beyond anything a void waits for (only cursors seen recently are waited on), and beyond a
 * lease's life, so nothing still depends on it.
 */
export const FORGET_SILENT_GATEWAY_DAYS = 7;

/** Forgets gateways silent for FORGET_SILENT_GATEWAY_DAYS (the lease reclaim's tick); returns how many. */
export function forgetSilentGateways(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock().getTime() - FORGET_SILENT_GATEWAY_DAYS * 86_400_000);
  return deleteFeedCursorsSeenBefore(ctx.db, before);
}

import { EventEmitter } from 'node:events';
import type { Executor } from '../../db/database';
import { gatewayEventsAfter, insertGatewayEvent } from './gateway-events.repository';

/** The newest event's id: where a gateway starting up begins to read the feed. */
export { lastGatewayEventId } from './gateway-events.repository';

/**
 * The change feed gateways poll: whenever a sub-account is deleted, disabled or gets a new
 * password, or a whitelisted IP goes, gateways must forget what they cached and close what it
 * allowed. Written in the same transaction as the change, so a gateway never misses one.
 */
export async function recordSubaccountChange(
  db: Executor,
  change: { accountId: number; subaccountId: number; username: string },
): Promise<void> {
  await recordAndWake(db, {
    kind: 'subaccount',
    account_id: change.accountId,
    subaccount_id: change.subaccountId,
    username: change.username,
    ip: null,
    lease_id: null,
  });
}

/**
 * Only the sub-account's last day or connection limit changed: gateways fetch its record again and
 * close only what the new limits no longer allow (raising a limit closes nothing).
 */
export async function recordSubaccountLimitsChange(
  db: Executor,
  change: { accountId: number; subaccountId: number; username: string },
): Promise<void> {
  await recordAndWake(db, {
    kind: 'limits',
    account_id: change.accountId,
    subaccount_id: change.subaccountId,
    username: change.username,
    ip: null,
    lease_id: null,
  });
}

export async function recordWhitelistChange(
  db: Executor,
  change: { accountId: number; ip: string },
): Promise<void> {
  await recordAndWake(db, {
    kind: 'whitelist',
    account_id: change.accountId,
    subaccount_id: null,
    username: null,
    ip: change.ip,
    lease_id: null,
  });
}

/**
 * The whole account's access changed (an operator disabled or enabled it): gateways forget every
 * credential and whitelisted address they cached for it and close its open tunnels — what one
 * `subaccount` event does for each of its sub-accounts and one `whitelist` event for each address.
 */
export async function recordAccountChange(db: Executor, accountId: number): Promise<void> {
  await recordAndWake(db, {
    kind: 'account',
    account_id: accountId,
    subaccount_id: null,
    username: null,
    ip: null,
    lease_id: null,
  });
}

/**
 * Leases up to `leaseId` of an owner (or of every owner of the account) were voided: gateways drop
 * the credit they backed. Kind `account` for a whole account, else `lease`.
 */
export function recordLeasesVoided(
  db: Executor,
  voided: { accountId: number; subaccountId: number | null; wholeAccount: boolean; leaseId: number },
): Promise<number> {
  return recordAndWake(db, {
    kind: voided.wholeAccount ? 'account' : 'lease',
    account_id: voided.accountId,
    subaccount_id: voided.wholeAccount ? null : voided.subaccountId,
    username: null,
    ip: null,
    lease_id: voided.leaseId,
  });
}

/**
 * The exit pool changed (decision 030): gateways load it again. Written in the transaction of the
 * console's change, so a gateway that missed the wake-up still sees it on its next feed call.
 */
export async function recordExitsChanged(db: Executor): Promise<void> {
  await recordAndWake(db, {
    kind: 'exits',
    account_id: null,
    subaccount_id: null,
    username: null,
    ip: null,
    lease_id: null,
  });
}

/** Answers the event's id. */
async function recordAndWake(db: Executor, event: Parameters<typeof insertGatewayEvent>[1]): Promise<number> {
  const id = await insertGatewayEvent(db, event);
  recordedEvent();
  return id;
}

/**
 * Wakes this process's waiting feed calls when it writes an event (a change feed that reaches a
 * gateway in a round trip, not a poll interval: a recycle stops the credit it voided at once). Other
 * API processes' writes are seen by the re-check every RECHECK_MS.
 */
const written = new EventEmitter().setMaxListeners(0);
const RECHECK_MS = 250;

function recordedEvent(): void {
  // The writer's transaction commits a moment later: wake the waiters just after, and again a bit later.
  setImmediate(() => written.emit('event'));
  setTimeout(() => written.emit('event'), 20).unref();
}

/** Resolves on the next event written by this process, after `ms`, or when `stop` aborts. */
function nextWrite(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      written.off('event', done);
      stop.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    written.once('event', done);
    stop.addEventListener('abort', done, { once: true });
  });
}

/**
 * The events after a cursor; with `waitMs`, a long poll: when there are none yet, it answers as soon
 * as one is written (or re-checked), at the latest after `waitMs`, empty.
 */
export async function eventsAfter(
  db: Executor,
  after: number,
  wait: { ms: number; stop: AbortSignal } = { ms: 0, stop: new AbortController().signal },
) {
  const deadline = Date.now() + wait.ms;
  let rows = await gatewayEventsAfter(db, after, 1000);
  // A closing server answers its waiting calls at once (it could not close while they wait).
  while (rows.length === 0 && Date.now() < deadline && !wait.stop.aborted) {
    await nextWrite(Math.min(RECHECK_MS, deadline - Date.now()), wait.stop);
    rows = await gatewayEventsAfter(db, after, 1000);
  }
  return {
    events: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      account_id: r.account_id,
      subaccount_id: r.subaccount_id,
      username: r.username,
      ip: r.ip,
      lease_id: r.lease_id,
    })),
    last_id: rows.at(-1)?.id ?? after,
  };
}

import type { AlertKind } from '@resiport/contract';
import { sql, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { AlertChannel, AlertDeliveriesTable, AlertSettingsTable } from './alerts.table';

export type AlertSettingsRow = Selectable<AlertSettingsTable> & { email: string };
export type AlertDeliveryRow = Selectable<AlertDeliveriesTable>;

/** Alert settings with the address their mails go to. */
const settingsWithEmail = (db: Executor) =>
  db
    .selectFrom('alert_settings')
    .innerJoin('accounts', 'accounts.id', 'alert_settings.account_id')
    .selectAll('alert_settings')
    .select('accounts.email');

/** An account's settings with the address its mails go to; `lock` holds the row to the commit. */
export function readAlertSettings(db: Executor, accountId: number, lock = false) {
  const query = settingsWithEmail(db).where('alert_settings.account_id', '=', accountId);
  return (lock ? query.forUpdate('alert_settings') : query).executeTakeFirst() as Promise<
    AlertSettingsRow | undefined
  >;
}

/** The settings of each of these accounts that has any (one read for a usage batch's accounts). */
export function readAlertSettingsOf(db: Executor, accountIds: readonly number[]) {
  if (accountIds.length === 0) return Promise.resolve([] as AlertSettingsRow[]);
  return settingsWithEmail(db).where('alert_settings.account_id', 'in', accountIds).execute() as Promise<
    AlertSettingsRow[]
  >;
}

export async function saveAlertSettings(
  db: Executor,
  accountId: number,
  values: Omit<Updateable<AlertSettingsTable>, 'account_id'>,
  at: Date,
): Promise<void> {
  await db
    .insertInto('alert_settings')
    .values({ ...values, account_id: accountId, updated_at: at })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

export async function setCrossingFlags(
  db: Executor,
  accountId: number,
  flags: { main_low_alerted: boolean; main_empty_alerted: boolean; low_balance_alerted: boolean },
): Promise<void> {
  await db.updateTable('alert_settings').set(flags).where('account_id', '=', accountId).execute();
}

/** Writes an event once per `dedupeKey` (null: always); its id, or undefined when it was already written. */
export async function insertAlertEvent(
  db: Executor,
  event: {
    accountId: number;
    subaccountId: number | null;
    kind: AlertKind;
    dedupeKey: string | null;
    data: Record<string, unknown>;
    at: Date;
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto('alert_events')
    .values({
      account_id: event.accountId,
      subaccount_id: event.subaccountId,
      kind: event.kind,
      dedupe_key: event.dedupeKey,
      data: JSON.stringify(event.data),
      created_at: event.at,
    })
    .onConflict((oc) => oc.columns(['account_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertDeliveries(
  db: Executor,
  rows: { eventId: number; accountId: number; channel: AlertChannel; target: string; at: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('alert_deliveries')
    .values(
      rows.map((r) => ({
        event_id: r.eventId,
        account_id: r.accountId,
        channel: r.channel,
        target: r.target,
        next_at: r.at,
        created_at: r.at,
      })),
    )
    .execute();
}

/**
 * Claims up to `limit` due deliveries for this process until `until` (another process skips them),
 * counting the attempt; a claim that lapsed (its process died mid-send) is due again.
 */
export async function claimDueDeliveries(
  db: Executor,
  now: Date,
  until: Date,
  limits: { batch: number; maxAttempts: number },
) {
  // The claim also moves `next_at` past itself: a row whose outcome could not be recorded goes to
  // the back of the queue, behind everyone else's, and stops after its last attempt.
  const claimed = await sql<{ id: number }>`
    update alert_deliveries
       set claimed_until = ${until}, next_at = ${until}, attempts = attempts + 1, last_attempt_at = ${now},
           status = case when attempts + 1 >= ${limits.maxAttempts} then 'failed' else status end
     where id in (
       select id from alert_deliveries
        where status = 'pending' and next_at <= ${now} and attempts < ${limits.maxAttempts}
          and (claimed_until is null or claimed_until < ${now})
        order by next_at, id
        limit ${limits.batch}
        for update skip locked)
    returning id`.execute(db);
  const ids = claimed.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .selectFrom('alert_deliveries as d')
    .innerJoin('alert_events as e', 'e.id', 'd.event_id')
    .innerJoin('accounts as a', 'a.id', 'd.account_id')
    .leftJoin('alert_settings as s', 's.account_id', 'd.account_id')
    .select([
      'd.id',
      'd.channel',
      'd.target',
      'd.attempts',
      'e.id as event_id',
      'e.kind',
      'e.subaccount_id',
      'e.data',
      'e.created_at as event_at',
      'a.id as account_id',
      'a.lang',
      's.webhook_secret_sealed',
    ])
    .where('d.id', 'in', ids)
    .orderBy('d.id')
    .execute();
}
export type ClaimedDelivery = Awaited<ReturnType<typeof claimDueDeliveries>>[number];

/**
 * Records an attempt's outcome, only while the claim is still this process's (`claimedUntil`): an
 * attempt that outlived its claim leaves the row to the process that claimed it since.
 */
export async function finishDelivery(
  db: Executor,
  claim: { id: number; claimedUntil: Date },
  outcome: Pick<AlertDeliveriesTable, 'last_status' | 'last_error' | 'last_response'> & {
    status: 'pending' | 'sent' | 'failed';
    nextAt: Date | null;
  },
): Promise<void> {
  await db
    .updateTable('alert_deliveries')
    .set({
      status: outcome.status,
      claimed_until: null,
      last_status: outcome.last_status,
      last_error: outcome.last_error,
      last_response: outcome.last_response,
      ...(outcome.nextAt ? { next_at: outcome.nextAt } : {}),
    })
    .where('id', '=', claim.id)
    .where('claimed_until', '=', claim.claimedUntil)
    .execute();
}

/** Pending deliveries to a channel that is off now, or to another address than its current one, fail. */
export async function supersedeDeliveries(
  db: Executor,
  accountId: number,
  current: { email: string | null; webhook: string | null },
): Promise<void> {
  for (const channel of ['email', 'webhook'] as const) {
    const target = current[channel];
    let query = db
      .updateTable('alert_deliveries')
      .set({ status: 'failed', last_error: 'superseded', claimed_until: null })
      .where('account_id', '=', accountId)
      .where('status', '=', 'pending')
      .where('channel', '=', channel);
    if (target !== null) query = query.where('target', '<>', target);
    await query.execute();
  }
}

/** The delivery log: an account's latest deliveries, newest first, with their event's kind. */
export function latestDeliveries(db: Executor, accountId: number, limit: number) {
  return db
    .selectFrom('alert_deliveries as d')
    .innerJoin('alert_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select('e.kind')
    .where('d.account_id', '=', accountId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** The sub-account figures a usage step changes, with the thresholds that apply to it. */
export function readSubAlertFigures(db: Executor, subaccountId: number) {
  return db
    .selectFrom('subaccounts')
    .select([
      'id',
      'username',
      'traffic_left_bytes',
      'traffic_reserved_bytes',
      'traffic_used_bytes',
      'traffic_debt_bytes',
      'alert_percents',
      'alert_percent_done',
    ])
    .where('id', '=', subaccountId)
    .executeTakeFirst();
}

export async function setSubPercentDone(db: Executor, subaccountId: number, done: number): Promise<void> {
  await db
    .updateTable('subaccounts')
    .set({ alert_percent_done: done })
    .where('id', '=', subaccountId)
    .execute();
}

export function readAccountAlertFigures(db: Executor, accountId: number) {
  return db
    .selectFrom('accounts')
    .select(['balance_cents', 'traffic_left_bytes', 'traffic_reserved_bytes'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
}

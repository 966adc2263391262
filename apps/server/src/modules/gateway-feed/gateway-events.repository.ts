import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database';
import type { GatewayEventsTable } from './gateway-events.table';

export async function insertGatewayEvent(
  db: Executor,
  event: Omit<Insertable<GatewayEventsTable>, 'id' | 'created_at'>,
): Promise<number> {
  const row = await db.insertInto('gateway_events').values(event).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function gatewayEventsAfter(db: Executor, after: number, limit: number) {
  return db
    .selectFrom('gateway_events')
    .selectAll()
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function lastGatewayEventId(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('gateway_events')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return row?.last ?? 0;
}

/** A gateway process asked for the events after `eventId`: it has applied every one up to it. */
export async function saveFeedCursor(db: Executor, instanceId: string, eventId: number, at: Date) {
  await db
    .insertInto('gateway_feed_cursors')
    .values({ instance_id: instanceId, event_id: eventId, seen_at: at })
    .onConflict((oc) =>
      // A late, slower call with an older cursor must not move it back.
      oc.column('instance_id').doUpdateSet((eb) => ({
        event_id: eb.fn('greatest', [eb.ref('gateway_feed_cursors.event_id'), eb.ref('excluded.event_id')]),
        seen_at: eb.ref('excluded.seen_at'),
      })),
    )
    .execute();
}

export function feedCursorsOf(db: Executor, instanceIds: readonly string[]) {
  return db.selectFrom('gateway_feed_cursors').selectAll().where('instance_id', 'in', instanceIds).execute();
}

/** Deletes the cursors of gateways silent since before `before`; returns how many. */
export async function deleteFeedCursorsSeenBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('gateway_feed_cursors').where('seen_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

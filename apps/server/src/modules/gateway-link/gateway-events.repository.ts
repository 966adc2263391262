import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database';
import type { GatewayEventsTable } from '../../db/database.types';

export async function insertGatewayEvent(
  db: Executor,
  event: Omit<Insertable<GatewayEventsTable>, 'id' | 'created_at'>,
): Promise<void> {
  await db.insertInto('gateway_events').values(event).execute();
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

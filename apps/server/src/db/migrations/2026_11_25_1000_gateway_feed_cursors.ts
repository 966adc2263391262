import type { Kysely } from 'kysely';

/**
 * How far each gateway process has read the change feed (decision 019): a gateway asks for the
 * events after the last one it applied, so its cursor says which voids it has already obeyed. A
 * recycle or deletion waits on the cursors of the processes that held the voided leases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gateway_feed_cursors')
    .addColumn('instance_id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gateway_feed_cursors').execute();
}

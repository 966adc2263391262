import { sql, type Kysely } from 'kysely';

/**
 * A usage report beyond a lease (an overrun) asks what the process's recently voided leases of that
 * owner still let it spend unbacked. Closed leases are kept, so without an index that question read
 * every lease ever closed, at the moment balances run out and overruns come in bulk. Few leases are
 * voided with bytes in them: a partial index of those answers it in one probe, and leaves renewals'
 * updates in place (none of them changes a column it holds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index traffic_leases_voided_idx on traffic_leases (account_id, instance_id, closed_at)
    where voided_bytes > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('traffic_leases_voided_idx').execute();
}

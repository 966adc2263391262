import { sql, type Kysely } from 'kysely';

/**
 * `subaccounts.traffic_overrun_bytes`: bytes it moved that not even its main account could pay
 * (written off as overruns, owed as debt). They are not in `traffic_used_bytes` (which counts billed
 * bytes, and keeps traffic conserved), so without them its figures after an overrun read as
 * allocated −47 MB and used 2 MB next to 50 MB used today. Filled from the overrun records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subaccounts')
    .addColumn('traffic_overrun_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`traffic_overrun_bytes >= 0`),
    )
    .execute();
  await sql`update subaccounts s set traffic_overrun_bytes = o.bytes
    from (select subaccount_id, sum(bytes) as bytes from traffic_overruns
          where subaccount_id is not null group by subaccount_id) o
    where o.subaccount_id = s.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subaccounts').dropColumn('traffic_overrun_bytes').execute();
}

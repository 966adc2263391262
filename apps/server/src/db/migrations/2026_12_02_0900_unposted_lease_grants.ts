import { sql, type Kysely } from 'kysely';

/**
 * Lease grants that do not write a ledger row each (decision 045):
 * - `traffic_unposted_bytes` on accounts and sub-accounts: bytes granted to open leases that left
 *   `traffic_left_bytes` but are not in the ledger yet. Σ entries = left + unposted, always.
 * - `traffic_leases.posted_bytes` / `posted_at`: how much of a lease's grants is in the ledger, and
 *   when it was last written there (at most an hour before the next grant, and whole at settlement).
 * Every lease so far wrote an entry per grant, so all of it is posted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['accounts', 'subaccounts']) {
    await db.schema
      .alterTable(table)
      .addColumn('traffic_unposted_bytes', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`traffic_unposted_bytes >= 0`),
      )
      .execute();
  }
  await db.schema
    .alterTable('traffic_leases')
    .addColumn('posted_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('posted_at', 'timestamptz')
    .execute();
  await sql`update traffic_leases set posted_bytes = granted_bytes, posted_at = coalesce(closed_at, now())`.execute(
    db,
  );
  await sql`alter table traffic_leases alter column posted_at set default now()`.execute(db);
  await sql`alter table traffic_leases alter column posted_at set not null`.execute(db);
  await sql`alter table traffic_leases add constraint traffic_leases_posted_check
    check (posted_bytes >= 0 and posted_bytes <= granted_bytes)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('traffic_leases').dropConstraint('traffic_leases_posted_check').execute();
  await db.schema.alterTable('traffic_leases').dropColumn('posted_bytes').dropColumn('posted_at').execute();
  for (const table of ['accounts', 'subaccounts']) {
    await db.schema.alterTable(table).dropColumn('traffic_unposted_bytes').execute();
  }
}

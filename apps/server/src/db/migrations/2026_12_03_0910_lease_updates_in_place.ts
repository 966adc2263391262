import { sql, type Kysely } from 'kysely';

/**
 * Lease renewals and usage rewrite an open lease's row many times a minute (granted, used, expiry).
 * PostgreSQL can do that in place (a HOT update: no new entry in any index) only when no index holds
 * a changed column and the page has room. The expiry index (status, expires_at) held one, so every
 * renewal and usage report added an entry to each of the table's four indexes. It is replaced by an
 * index of the open leases' ids: the reclaim sweep (every 30 s) walks the open leases in id order and
 * checks their expiry, O(open leases) — a few thousand rows, against thousands of index entries a second.
 * New pages keep 30 % free for the updated versions of their rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('traffic_leases_expiry_idx').execute();
  await sql`create index traffic_leases_open_id_idx on traffic_leases (id) where status = 'open'`.execute(db);
  await sql`alter table traffic_leases set (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table traffic_leases reset (fillfactor)`.execute(db);
  await db.schema.dropIndex('traffic_leases_open_id_idx').execute();
  await db.schema
    .createIndex('traffic_leases_expiry_idx')
    .on('traffic_leases')
    .columns(['status', 'expires_at'])
    .execute();
}

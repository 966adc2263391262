import { sql, type Kysely } from 'kysely';

/**
 * Gateway events of kind `limits`: a sub-account's last day or connection limit changed, nothing
 * else. Gateways fetch its record again and close only what the new limits no longer allow (a
 * `subaccount` event, which closes every tunnel, cut running downloads when a limit was raised).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table gateway_events drop constraint gateway_events_kind_check`.execute(db);
  await sql`alter table gateway_events add constraint gateway_events_kind_check
    check (kind in ('subaccount', 'whitelist', 'account', 'lease', 'exits', 'limits'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update gateway_events set kind = 'subaccount' where kind = 'limits'`.execute(db);
  await sql`alter table gateway_events drop constraint gateway_events_kind_check`.execute(db);
  await sql`alter table gateway_events add constraint gateway_events_kind_check
    check (kind in ('subaccount', 'whitelist', 'account', 'lease', 'exits'))`.execute(db);
}

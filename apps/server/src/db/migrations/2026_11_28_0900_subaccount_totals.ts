import { sql, type Kysely } from 'kysely';

/**
 * The sub-accounts' figures of /user/info kept on the account's row (docs/performance.md), so the hot read is
 * the one auth statement whatever the number of sub-accounts (subaccount.repository.ts
 * `subaccountsTrafficFigures` is the definition they must always equal):
 * - `subaccounts_used_bytes`: Σ traffic_used_bytes of every sub-account, deleted ones included;
 * - `subaccounts_left_bytes`: Σ traffic_left_bytes + traffic_reserved_bytes of the live ones;
 * - `subaccounts_live`: how many are live;
 * - `subaccounts_empty`: live ones out of traffic (shown left ≤ 0 with something allocated:
 *   traffic_used_bytes > traffic_debt_bytes).
 * A trigger on `subaccounts` applies each row's change in the same statement, so the figures move
 * in the transaction that moves the traffic (usage batch, lease, transfer, deletion, …). Every such
 * transaction already holds the account's row (`lockAccountBalances`, FOR UPDATE) before it writes a
 * sub-account, so the trigger's update of that row takes no new lock and adds no lock order. The
 * trigger fires only when a counted column changes (not on remark, status or password changes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('subaccounts_used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('subaccounts_left_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('subaccounts_live', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subaccounts_empty', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Adds a change to one account's figures ($1 the account; then used, left, live, empty).
  await sql`
    create function subaccount_totals_add(bigint, bigint, bigint, integer, integer) returns void
    language sql as $$
      update accounts set
        subaccounts_used_bytes = subaccounts_used_bytes + $2,
        subaccounts_left_bytes = subaccounts_left_bytes + $3,
        subaccounts_live = subaccounts_live + $4,
        subaccounts_empty = subaccounts_empty + $5
      where id = $1
    $$`.execute(db);
  await sql`
    create function subaccount_totals_follow() returns trigger language plpgsql as $$
    declare
      used_change bigint := 0;
      left_change bigint := 0;
      live_change integer := 0;
      empty_change integer := 0;
    begin
      if tg_op <> 'INSERT' then
        used_change := -old.traffic_used_bytes;
        if old.deleted_at is null then
          left_change := -(old.traffic_left_bytes + old.traffic_reserved_bytes);
          live_change := -1;
          if old.traffic_left_bytes + old.traffic_reserved_bytes <= 0
             and old.traffic_used_bytes > old.traffic_debt_bytes then
            empty_change := -1;
          end if;
        end if;
        -- The old row's part leaves its account on its own when the row leaves it.
        if tg_op = 'DELETE' then
          perform subaccount_totals_add(old.account_id, used_change, left_change, live_change, empty_change);
          return null;
        end if;
        if new.account_id <> old.account_id then
          perform subaccount_totals_add(old.account_id, used_change, left_change, live_change, empty_change);
          used_change := 0;
          left_change := 0;
          live_change := 0;
          empty_change := 0;
        end if;
      end if;
      used_change := used_change + new.traffic_used_bytes;
      if new.deleted_at is null then
        left_change := left_change + new.traffic_left_bytes + new.traffic_reserved_bytes;
        live_change := live_change + 1;
        if new.traffic_left_bytes + new.traffic_reserved_bytes <= 0
           and new.traffic_used_bytes > new.traffic_debt_bytes then
          empty_change := empty_change + 1;
        end if;
      end if;
      if used_change <> 0 or left_change <> 0 or live_change <> 0 or empty_change <> 0 then
        perform subaccount_totals_add(new.account_id, used_change, left_change, live_change, empty_change);
      end if;
      return null;
    end $$`.execute(db);
  // Writers of sub-accounts wait from here to the commit, so the backfill below sees every row and
  // the trigger every change after it.
  await sql`lock table subaccounts in share row exclusive mode`.execute(db);
  await sql`
    create trigger subaccounts_totals after insert or delete
      or update of account_id, traffic_left_bytes, traffic_used_bytes, traffic_reserved_bytes,
        traffic_debt_bytes, deleted_at
    on subaccounts for each row execute function subaccount_totals_follow()`.execute(db);
  await sql`
    update accounts a set
      subaccounts_used_bytes = s.used,
      subaccounts_left_bytes = s.left_shown,
      subaccounts_live = s.live,
      subaccounts_empty = s.empty
    from (
      select account_id,
        coalesce(sum(traffic_used_bytes), 0) as used,
        coalesce(sum(traffic_left_bytes + traffic_reserved_bytes) filter (where deleted_at is null), 0) as left_shown,
        count(*) filter (where deleted_at is null) as live,
        count(*) filter (where deleted_at is null and traffic_left_bytes + traffic_reserved_bytes <= 0
          and traffic_used_bytes > traffic_debt_bytes) as empty
      from subaccounts group by account_id
    ) s
    where a.id = s.account_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger subaccounts_totals on subaccounts`.execute(db);
  await sql`drop function subaccount_totals_follow()`.execute(db);
  await sql`drop function subaccount_totals_add(bigint, bigint, bigint, integer, integer)`.execute(db);
  await db.schema
    .alterTable('accounts')
    .dropColumn('subaccounts_used_bytes')
    .dropColumn('subaccounts_left_bytes')
    .dropColumn('subaccounts_live')
    .dropColumn('subaccounts_empty')
    .execute();
}

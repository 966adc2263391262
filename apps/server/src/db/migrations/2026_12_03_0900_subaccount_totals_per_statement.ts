import { sql, type Kysely } from 'kysely';

/**
 * The sub-accounts' figures kept on the account's row (migration 2026_11_28_0900 defines them) follow
 * each statement instead of each row. A set-based usage batch or lease grant changes thousands of
 * sub-accounts in one statement; a row trigger then ran one update of the account per sub-account
 * (1.2 s of a 10,000-owner batch's 3 s, every account row rewritten once per sub-account). Statement
 * triggers with transition tables apply the statement's net change per account in one update: the
 * same sums, each account row written once. As before, every writer of a sub-account already holds
 * its account's row, so the update takes no new lock. Statement triggers cannot name columns: the
 * update trigger fires on every update of `subaccounts`, and accounts whose figures did not move are
 * left alone (`having`).
 */

/** One side of a statement's rows as contributions to the figures (`sign` -1 for the rows before it). */
const contributions = (rows: string, sign: 1 | -1) => `
  select account_id,
    ${sign} * traffic_used_bytes as used,
    ${sign} * case when deleted_at is null then traffic_left_bytes + traffic_reserved_bytes else 0 end as left_shown,
    ${sign} * case when deleted_at is null then 1 else 0 end as live,
    ${sign} * case when deleted_at is null and traffic_left_bytes + traffic_reserved_bytes <= 0
      and traffic_used_bytes > traffic_debt_bytes then 1 else 0 end as empty
  from ${rows}`;

/** Adds the net change of `parts` (a union of contributions) to each account it touches. */
const applyChange = (parts: string) => `
  update accounts a set
    subaccounts_used_bytes = a.subaccounts_used_bytes + d.used,
    subaccounts_left_bytes = a.subaccounts_left_bytes + d.left_shown,
    subaccounts_live = a.subaccounts_live + d.live,
    subaccounts_empty = a.subaccounts_empty + d.empty
  from (
    select account_id, sum(used) as used, sum(left_shown) as left_shown, sum(live) as live, sum(empty) as empty
    from (${parts}) c
    group by account_id
    having sum(used) <> 0 or sum(left_shown) <> 0 or sum(live) <> 0 or sum(empty) <> 0
  ) d
  where a.id = d.account_id;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger subaccounts_totals on subaccounts`.execute(db);
  await sql
    .raw(
      `create function subaccount_totals_per_statement() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${applyChange(contributions('new_rows', 1))}
      elsif tg_op = 'DELETE' then
        ${applyChange(contributions('old_rows', -1))}
      else
        ${applyChange(`${contributions('new_rows', 1)} union all ${contributions('old_rows', -1)}`)}
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger subaccounts_totals_insert after insert on subaccounts
    referencing new table as new_rows
    for each statement execute function subaccount_totals_per_statement()`.execute(db);
  await sql`create trigger subaccounts_totals_update after update on subaccounts
    referencing old table as old_rows new table as new_rows
    for each statement execute function subaccount_totals_per_statement()`.execute(db);
  await sql`create trigger subaccounts_totals_delete after delete on subaccounts
    referencing old table as old_rows
    for each statement execute function subaccount_totals_per_statement()`.execute(db);
}

/** Back to the row trigger, whose function the earlier migration created and still owns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger subaccounts_totals_insert on subaccounts`.execute(db);
  await sql`drop trigger subaccounts_totals_update on subaccounts`.execute(db);
  await sql`drop trigger subaccounts_totals_delete on subaccounts`.execute(db);
  await sql`drop function subaccount_totals_per_statement()`.execute(db);
  await sql`
    create trigger subaccounts_totals after insert or delete
      or update of account_id, traffic_left_bytes, traffic_used_bytes, traffic_reserved_bytes,
        traffic_debt_bytes, deleted_at
    on subaccounts for each row execute function subaccount_totals_follow()`.execute(db);
}

import type { CustomerRole, CustomerStatus } from '@resiport/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../../db/database';
import type { Database } from '../../../db/database.types';

/**
 * The console's customer search (docs/product.md#operator-console): one read across `accounts`, `subaccounts`,
 * `whitelist_ips` and `account_sessions` per page, read-only (listed in db/database.types.ts).
 * Every change to a customer goes through the module that owns the table.
 */

export interface CustomerSearch {
  /** Case-insensitive part of the email. */
  emailPart?: string | undefined;
  /** The whole account id (the text was a number). */
  accountId?: number | undefined;
  /** A live sub-account's username, whole or its start (lower-case). */
  usernamePrefix?: string | undefined;
  /** A whitelisted address, canonical. */
  ip?: string | undefined;
  status?: CustomerStatus | undefined;
  role?: CustomerRole | undefined;
}

export interface CustomerDirectoryRow {
  id: number;
  email: string;
  status: CustomerStatus;
  role: CustomerRole;
  balance_cents: bigint;
  traffic_left_bytes: bigint;
  subaccount_count: number;
  created_at: Date;
  last_seen_at: Date | null;
}

const likePattern = (text: string, anchored: 'contains' | 'startsWith') => {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return anchored === 'contains' ? `%${escaped}%` : `${escaped}%`;
};

/** The search keys, any of which may match (OR); none given: every account. */
function matches(eb: ExpressionBuilder<Database, 'accounts'>, search: CustomerSearch) {
  const keys = [];
  if (search.emailPart) keys.push(eb('accounts.email', 'ilike', likePattern(search.emailPart, 'contains')));
  if (search.accountId !== undefined) keys.push(eb('accounts.id', '=', search.accountId));
  if (search.usernamePrefix) {
    const prefix = likePattern(search.usernamePrefix, 'startsWith');
    keys.push(
      eb.exists(
        eb
          .selectFrom('subaccounts as s')
          .select('s.id')
          .whereRef('s.account_id', '=', 'accounts.id')
          .where('s.deleted_at', 'is', null)
          .where('s.username', 'like', prefix),
      ),
    );
  }
  if (search.ip) {
    keys.push(
      eb.exists(
        eb
          .selectFrom('whitelist_ips as w')
          .select('w.id')
          .whereRef('w.account_id', '=', 'accounts.id')
          .where('w.ip', '=', search.ip),
      ),
    );
  }
  return keys;
}

function filtered(db: Executor, search: CustomerSearch) {
  let query = db.selectFrom('accounts');
  if (search.status) query = query.where('accounts.status', '=', search.status);
  if (search.role) query = query.where('accounts.role', '=', search.role);
  return query.where((eb) => {
    const keys = matches(eb, search);
    return keys.length === 0 ? eb.lit(true) : eb.or(keys);
  });
}

/**
 * One page of customers, newest first. The traffic left is the customer's total as /user/info
 * shows it (subaccount.repository.ts `subaccountsTrafficFigures`, account/traffic-left.service.ts): the
 * main account's left + reserved, plus every live sub-account's left + reserved. The sub-account
 * figures and the last seen come from grouped reads joined to the page's accounts, not a query per row.
 */
export async function pageOfCustomers(
  db: Executor,
  search: CustomerSearch,
  window: { page: number; pageSize: number },
): Promise<{ rows: CustomerDirectoryRow[]; total: number }> {
  const page = filtered(db, search)
    .select(['accounts.id'])
    .orderBy('accounts.id', 'desc')
    .limit(window.pageSize)
    .offset((window.page - 1) * window.pageSize);
  const [rows, count] = await Promise.all([
    db
      .with('page', () => page)
      .selectFrom('page')
      .innerJoin('accounts as a', 'a.id', 'page.id')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('subaccounts')
            .select([
              'account_id',
              sql<bigint>`sum(traffic_left_bytes + traffic_reserved_bytes)`.as('left'),
              sql<string>`count(*)`.as('count'),
            ])
            .where('deleted_at', 'is', null)
            .where('account_id', 'in', (sub) => sub.selectFrom('page').select('page.id'))
            .groupBy('account_id')
            .as('subs'),
        (join) => join.onRef('subs.account_id', '=', 'a.id'),
      )
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('account_sessions')
            .select(['account_id', sql<Date>`max(last_seen_at)`.as('last_seen_at')])
            .where('account_id', 'in', (sub) => sub.selectFrom('page').select('page.id'))
            .groupBy('account_id')
            .as('seen'),
        (join) => join.onRef('seen.account_id', '=', 'a.id'),
      )
      .select([
        'a.id',
        'a.email',
        'a.status',
        'a.role',
        'a.balance_cents',
        sql<bigint>`(a.traffic_left_bytes + a.traffic_reserved_bytes + coalesce(subs.left, 0))::bigint`.as(
          'traffic_left_bytes',
        ),
        sql<string>`coalesce(subs.count, 0)`.as('subaccount_count'),
        'a.created_at',
        'seen.last_seen_at',
      ])
      .orderBy('a.id', 'desc')
      .execute(),
    filtered(db, search)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      subaccount_count: Number(row.subaccount_count),
      last_seen_at: row.last_seen_at ?? null,
    })),
    total: Number(count.n),
  };
}

import type { Selectable, Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { WhitelistIpsTable } from './whitelist.table';

export type WhitelistRow = Selectable<WhitelistIpsTable>;

export async function countWhitelist(db: Executor, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('whitelist_ips')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertWhitelistIp(
  trx: Transaction<Database>,
  values: { accountId: number; ip: string; remark: string },
): Promise<WhitelistRow> {
  return trx
    .insertInto('whitelist_ips')
    .values({ account_id: values.accountId, ip: values.ip, remark: values.remark })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateWhitelistIp(
  db: Executor,
  accountId: number,
  id: number,
  values: { ip?: string; remark?: string },
): Promise<WhitelistRow | undefined> {
  return db
    .updateTable('whitelist_ips')
    .set(values)
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirst();
}

export function findOwnWhitelistIp(
  db: Executor,
  accountId: number,
  id: number,
): Promise<WhitelistRow | undefined> {
  return db
    .selectFrom('whitelist_ips')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export function deleteWhitelistIp(
  db: Executor,
  accountId: number,
  id: number,
): Promise<{ ip: string } | undefined> {
  return db
    .deleteFrom('whitelist_ips')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returning('ip')
    .executeTakeFirst();
}

export function whitelistOwnerOf(db: Executor, ip: string): Promise<{ account_id: number } | undefined> {
  return db.selectFrom('whitelist_ips').select('account_id').where('ip', '=', ip).executeTakeFirst();
}

export async function pageOfWhitelist(
  db: Executor,
  accountId: number,
  page: number,
  pageSize: number,
): Promise<{ list: WhitelistRow[]; total: number }> {
  const list = await db
    .selectFrom('whitelist_ips')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { list, total: await countWhitelist(db, accountId) };
}

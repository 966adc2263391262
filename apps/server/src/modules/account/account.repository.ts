import { sql, type Selectable, type Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { AccountsTable } from './account.table';

/**
 * The account module's reads and writes of `accounts` (the balances and credit counters on its rows
 * are written by the ledger and the gateway link: account.table.ts).
 */

export type AccountRow = Selectable<AccountsTable>;

/** Notes a "sign out everywhere" (read-only views opened before it end: authenticate.ts). */
export async function markSignedOutEverywhere(db: Executor, id: number, at: Date): Promise<void> {
  await db.updateTable('accounts').set({ signed_out_everywhere_at: at }).where('id', '=', id).execute();
}

export function findAccountById(db: Executor, id: number): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The two figures the main account's traffic left is shown from (traffic-left.service.ts). */
export function findTrafficFigures(db: Executor, id: number) {
  return db
    .selectFrom('accounts')
    .select(['traffic_left_bytes', 'traffic_reserved_bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findAccountByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export function lockAccountByEmail(
  trx: Transaction<Database>,
  email: string,
): Promise<AccountRow | undefined> {
  return trx.selectFrom('accounts').selectAll().where('email', '=', email).forUpdate().executeTakeFirst();
}

export function lockAccountById(trx: Transaction<Database>, id: number): Promise<AccountRow | undefined> {
  return trx.selectFrom('accounts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findAccountByApiTokenHash(db: Executor, hash: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('api_token_hash', '=', hash).executeTakeFirst();
}

/** Inserts unless the email exists; returns undefined on a duplicate (two sign-ups racing). */
export function insertAccount(
  db: Executor,
  values: Pick<AccountRow, 'email' | 'password_hash' | 'status' | 'lang'> & { activated_at?: Date | null },
): Promise<AccountRow | undefined> {
  return db
    .insertInto('accounts')
    .values(values)
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Sets a new password hash and bumps the token version, so every older session stops working. */
export async function setPasswordAndRevokeSessions(
  db: Executor,
  id: number,
  passwordHash: string,
): Promise<number> {
  const row = await db
    .updateTable('accounts')
    .set({ password_hash: passwordHash, token_version: sql`token_version + 1` })
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/** Re-hash at sign-in (stronger parameters) without revoking sessions. */
export async function replacePasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function updatePendingAccount(
  db: Executor,
  id: number,
  values: Pick<AccountRow, 'password_hash' | 'lang'>,
): Promise<void> {
  await db.updateTable('accounts').set(values).where('id', '=', id).where('status', '=', 'pending').execute();
}

export async function activateAccount(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ status: 'active', activated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function setLang(db: Executor, id: number, lang: AccountRow['lang']): Promise<void> {
  await db.updateTable('accounts').set({ lang }).where('id', '=', id).execute();
}

export async function setRole(db: Executor, id: number, role: AccountRow['role']): Promise<void> {
  await db.updateTable('accounts').set({ role }).where('id', '=', id).execute();
}

/** An operator disables or enables an account (the console); answers the row after it. */
export function setStatus(
  db: Executor,
  id: number,
  status: AccountRow['status'],
): Promise<AccountRow | undefined> {
  return db.updateTable('accounts').set({ status }).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Locks every operator's row (in id order, so two role changes queue rather than deadlock) and
 * answers their ids: who is an operator cannot change until the transaction ends.
 */
export async function lockOperators(trx: Transaction<Database>): Promise<number[]> {
  const rows = await trx
    .selectFrom('accounts')
    .select('id')
    .where('role', '=', 'operator')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

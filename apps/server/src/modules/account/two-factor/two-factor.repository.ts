import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

/** The two-factor columns of `accounts`, `totp_enrolments` and `recovery_codes`. */

export async function saveEnrolment(
  db: Executor,
  accountId: number,
  secretSealed: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('totp_enrolments')
    .values({ account_id: accountId, secret_sealed: secretSealed, created_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ secret_sealed: secretSealed, created_at: now }))
    .execute();
}

export function findEnrolment(
  db: Executor,
  accountId: number,
): Promise<{ secret_sealed: string; created_at: Date } | undefined> {
  return db
    .selectFrom('totp_enrolments')
    .select(['secret_sealed', 'created_at'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** Turns two-factor on with a confirmed secret and a fresh set of recovery codes; false if already on. */
export async function enableTotp(
  db: Executor,
  input: { accountId: number; secretSealed: string; step: number; now: Date; recoveryCodeHashes: string[] },
): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({
      totp_secret_sealed: input.secretSealed,
      totp_enabled_at: input.now,
      totp_last_step: BigInt(input.step),
    })
    .where('id', '=', input.accountId)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db.deleteFrom('totp_enrolments').where('account_id', '=', input.accountId).execute();
  await db.deleteFrom('recovery_codes').where('account_id', '=', input.accountId).execute();
  await db
    .insertInto('recovery_codes')
    .values(input.recoveryCodeHashes.map((code_hash) => ({ account_id: input.accountId, code_hash })))
    .execute();
  return true;
}

/** The account's recovery codes replaced by these, in the caller's transaction. */
export async function replaceRecoveryCodes(db: Executor, accountId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ account_id: accountId, code_hash })))
    .execute();
}

export async function disableTotp(db: Executor, accountId: number): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ totp_secret_sealed: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', accountId)
    .execute();
  await db.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
}

/** Records `step` as used unless it (or a later one) already was: a code is accepted once. */
export async function claimTotpStep(db: Executor, accountId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ totp_last_step: BigInt(step) })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Spends a recovery code; false if it is not one of the account's unused codes. */
export async function claimRecoveryCode(
  db: Executor,
  accountId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function recoveryCodesLeft(db: Executor, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select(sql<number>`count(*)::int`.as('left'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.left;
}

import { newPasswordSchema } from '@resiport/contract';
import type { Db } from '../../db/database';
import { hashPassword } from '../../lib/password';
import { findAccountByEmail, insertAccount, setRole } from './account.repository';

export type GrantResult = 'promoted' | 'created' | 'already-operator';

/**
 * Makes an account an operator (spec §6 `canSeeAdmin`). An existing account is promoted as is;
 * a new one needs a password meeting the spec §5 rule and is created active (the operator runs this).
 */
export async function grantOperator(
  db: Db,
  email: string,
  password: string | undefined,
): Promise<GrantResult> {
  const existing = await findAccountByEmail(db, email);
  if (existing?.role === 'operator') return 'already-operator';
  if (existing) {
    await setRole(db, existing.id, 'operator');
    return 'promoted';
  }
  if (!password || !newPasswordSchema.safeParse(password).success) {
    throw new Error(
      'A new operator needs --password: 8-30 characters with at least one letter and one number.',
    );
  }
  const created = await insertAccount(db, {
    email,
    password_hash: await hashPassword(password),
    status: 'active',
    lang: 'en-us',
    activated_at: new Date(),
  });
  if (!created) throw new Error(`Could not create ${email}`);
  await setRole(db, created.id, 'operator');
  return 'created';
}

import { newPasswordSchema } from '@resiport/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/database.types';
import { AppError } from '../../errors';
import { hashPassword } from '../../lib/password';
import { commandLine, recordOperatorAction, type Actor } from '../audit/audit.service';
import {
  findAccountByEmail,
  insertAccount,
  lockAccountById,
  lockOperators,
  setRole,
  type AccountRow,
} from './account.repository';

export type GrantResult = 'promoted' | 'created' | 'already-operator';

export interface RoleChange {
  actor: Actor;
  accountId: number;
  role: AccountRow['role'];
  reason: string;
}

/**
 * Makes an account an operator or a customer again (`canSeeAdmin`, docs/product.md#can-see-admin), with its audit row, in
 * the caller's transaction: the console and the command line both come here. The operators' rows
 * are locked first, so two operators removing each other at once cannot leave none: the second
 * finds its actor no longer an operator (10010). Nobody removes their own rights (10052), and the
 * last operator stays (10053).
 */
export async function changeOperatorRole(
  trx: Transaction<Database>,
  change: RoleChange,
): Promise<AccountRow> {
  const operators = await lockOperators(trx);
  const { operatorId } = change.actor;
  if (operatorId !== null && !operators.includes(operatorId)) throw new AppError('Forbidden');
  const account = await lockAccountById(trx, change.accountId);
  if (!account) throw new AppError('NotFound');
  if (account.role === change.role) throw new AppError('CustomerUnchanged');
  if (change.role === 'customer') {
    if (operatorId === account.id) throw new AppError('OwnAccount');
    if (operators.length <= 1) throw new AppError('LastOperator');
  }
  await setRole(trx, account.id, change.role);
  await recordOperatorAction(trx, {
    actor: change.actor,
    action: change.role === 'operator' ? 'customer.make_operator' : 'customer.unmake_operator',
    target: { type: 'account', id: account.id },
    accountId: account.id,
    before: { role: account.role },
    after: { role: change.role },
    reason: change.reason,
  });
  return { ...account, role: change.role };
}

/**
 * Makes an account an operator from the command line (`npm run admin -- operator`). An existing
 * account is promoted as is; a new one needs a password meeting the password rule (docs/product.md#passwords) and is created
 * active (the operator runs this). Either way the audit log records it, by the command line.
 */
export async function grantOperator(
  db: Db,
  email: string,
  password: string | undefined,
): Promise<GrantResult> {
  const existing = await findAccountByEmail(db, email);
  if (existing?.role === 'operator') return 'already-operator';
  const reason = 'npm run admin -- operator';
  if (existing) {
    await db
      .transaction()
      .execute((trx) =>
        changeOperatorRole(trx, { actor: commandLine, accountId: existing.id, role: 'operator', reason }),
      );
    return 'promoted';
  }
  if (!password || !newPasswordSchema.safeParse(password).success) {
    throw new Error(
      'A new operator needs --password: 8-30 characters with at least one letter and one number.',
    );
  }
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const created = await insertAccount(trx, {
      email,
      password_hash: passwordHash,
      status: 'active',
      lang: 'en-us',
      activated_at: new Date(),
    });
    if (!created) throw new Error(`Could not create ${email}`);
    await changeOperatorRole(trx, { actor: commandLine, accountId: created.id, role: 'operator', reason });
  });
  return 'created';
}

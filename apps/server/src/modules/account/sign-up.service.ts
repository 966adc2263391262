import type { ServerLang } from '@resiport/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import { hashPassword } from '../../lib/password';
import { consumeLink, findLink, revokeLinks } from './account-link.repository';
import {
  activateAccount,
  findAccountByEmail,
  findAccountById,
  insertAccount,
  lockAccountByEmail,
  updatePendingAccount,
  type AccountRow,
} from './account.repository';
import { sendActivationLink } from './activation-link';
import { sha256Hex } from '../../lib/crypto';

/**
 * Creates a pending account and mails its activation link. Signing up again with a still-pending
 * email replaces its password and sends a fresh link (older links stop working): whoever controls
 * the mailbox decides the password, so a stranger's earlier sign-up cannot hijack the account.
 */
export async function signUp(ctx: AppContext, input: { email: string; password: string; lang: ServerLang }) {
  const passwordHash = await hashPassword(input.password);
  const accountId = await ctx.db.transaction().execute(async (trx) => {
    const existing = await lockAccountByEmail(trx, input.email);
    if (existing && existing.status !== 'pending') throw new AppError('EmailRegistered');
    if (existing) {
      await updatePendingAccount(trx, existing.id, { password_hash: passwordHash, lang: input.lang });
      await revokeLinks(trx, existing.id, 'activate', ctx.clock());
      return existing.id;
    }
    const created = await insertAccount(trx, {
      email: input.email,
      password_hash: passwordHash,
      status: 'pending',
      lang: input.lang,
    });
    if (!created) throw new AppError('EmailRegistered');
    return created.id;
  });
  await sendActivationLink(ctx, { id: accountId, email: input.email, lang: input.lang });
}

/** Sends a new activation link to a pending account (older links stop working). */
export async function resendActivation(ctx: AppContext, email: string): Promise<void> {
  const account = await findAccountByEmail(ctx.db, email);
  if (!account) throw new AppError('EmailNotRegistered');
  if (account.status !== 'pending') throw new AppError('EmailRegistered');
  await renewActivationLink(ctx, ctx.db, account);
}

/**
 * Older activation links stop working and a new one is mailed, through `db`: the console resends
 * inside the transaction of its audit row, so a failed delivery leaves neither.
 */
export async function renewActivationLink(
  ctx: AppContext,
  db: Executor,
  account: Pick<AccountRow, 'id' | 'email' | 'lang'>,
): Promise<void> {
  await revokeLinks(db, account.id, 'activate', ctx.clock());
  await sendActivationLink(ctx, account, db);
}

/**
 * Activates the account behind a valid link. A link already used (mail scanners open links before
 * the customer does) whose account is active is `already-active`: the customer only needs to sign
 * in, and "re-register" would dead-end at "The email is registered". Any other used, expired or
 * unknown link is InvalidLink.
 */
export async function activate(
  ctx: AppContext,
  token: string | undefined,
): Promise<'activated' | 'already-active'> {
  if (!token) throw new AppError('InvalidLink');
  const now = ctx.clock();
  const tokenHash = sha256Hex(token);
  return ctx.db.transaction().execute(async (trx) => {
    const accountId = await consumeLink(trx, 'activate', tokenHash, now);
    if (accountId !== undefined) {
      await activateAccount(trx, accountId, now);
      return 'activated';
    }
    const link = await findLink(trx, 'activate', tokenHash);
    const account = link && (await findAccountById(trx, link.account_id));
    if (account?.status === 'active') return 'already-active';
    throw new AppError('InvalidLink');
  });
}

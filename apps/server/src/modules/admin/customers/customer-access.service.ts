import type { Transaction } from 'kysely';
import type { AppContext } from '../../../context';
import type { Database } from '../../../db/database.types';
import { AppError } from '../../../errors';
import {
  changeOperatorRole,
  endEverySession,
  endOtherSessions,
  lockAccountById,
  renewActivationLink,
  setStatus,
  type AccountRow,
} from '../../account/account.service';
import { recordAccountChange } from '../../gateway-feed/gateway-events.service';
import { voidingTransaction } from '../../gateway-feed/voids-applied.service';
import { voidOwnerLeases } from '../../gateway-link/lease.service';
import { recordOperatorAction, type Actor } from '../../audit/audit.service';

/**
 * The console's actions on a customer's access (docs/product.md#operator-console): disable / enable, resend the activation
 * mail, sign out everywhere, make / unmake an operator. Each locks the account, changes it through
 * the module that owns what changes, and writes its audit row in the same transaction.
 */

export interface CustomerAction {
  accountId: number;
  reason: string;
}

/** The account's state as the console answers it after an action. */
const stateOf = (account: Pick<AccountRow, 'status' | 'role'>) => ({
  status: account.status,
  role: account.role,
});

async function lockedCustomer(trx: Transaction<Database>, accountId: number): Promise<AccountRow> {
  const account = await lockAccountById(trx, accountId);
  if (!account) throw new AppError('NotFound');
  return account;
}

/** An operator does not lock themselves out (nor sign themselves out: account settings do that). */
function notOneself(actor: Actor, accountId: number): void {
  if (actor.operatorId === accountId) throw new AppError('OwnAccount');
}

/**
 * Disables the account: its sessions end (10013 on their next call), sign-in is refused (10014),
 * its developer token is revoked (enabling it again does not revive it), and its proxies stop within
 * seconds: every lease of its owners is voided, and the change feed tells gateways to forget its
 * sub-accounts' credentials and its whitelisted addresses and to close its tunnels (one `account`
 * event does for the whole account what a `subaccount` event does for one sub-account).
 */
export async function disableCustomer(ctx: AppContext, actor: Actor, action: CustomerAction) {
  notOneself(actor, action.accountId);
  return voidingTransaction(ctx, async (trx) => {
    const account = await lockedCustomer(trx, action.accountId);
    if (account.status === 'disabled') throw new AppError('CustomerUnchanged');
    await setStatus(trx, account.id, 'disabled');
    await voidOwnerLeases(ctx, trx, { accountId: account.id, subaccountId: undefined });
    await recordAccountChange(trx, account.id);
    const ended = await endEverySession(trx, account.id, ctx.clock());
    await recordOperatorAction(trx, {
      actor,
      action: 'customer.disable',
      target: { type: 'account', id: account.id },
      accountId: account.id,
      before: { status: account.status },
      after: { status: 'disabled', sessions_ended: ended },
      reason: action.reason,
    });
    return stateOf({ ...account, status: 'disabled' });
  });
}

/**
 * Enables a disabled account again: back to active (or to pending, if it was never activated).
 * Gateways are told too, so none keeps refusing its proxies from a cached "disabled". Sessions
 * ended by the disable stay ended: the customer signs in again.
 */
export async function enableCustomer(ctx: AppContext, actor: Actor, action: CustomerAction) {
  return ctx.db.transaction().execute(async (trx) => {
    const account = await lockedCustomer(trx, action.accountId);
    if (account.status !== 'disabled') throw new AppError('CustomerUnchanged');
    const status = account.activated_at === null ? 'pending' : 'active';
    await setStatus(trx, account.id, status);
    await recordAccountChange(trx, account.id);
    await recordOperatorAction(trx, {
      actor,
      action: 'customer.enable',
      target: { type: 'account', id: account.id },
      accountId: account.id,
      before: { status: account.status },
      after: { status },
      reason: action.reason,
    });
    return stateOf({ ...account, status });
  });
}

/**
 * Mails a pending account a new activation link (older ones stop working), inside the transaction
 * of its audit row: if the mail cannot go, neither the link nor the row remains. 10051 otherwise.
 */
export async function resendCustomerActivation(ctx: AppContext, actor: Actor, action: CustomerAction) {
  await ctx.db.transaction().execute(async (trx) => {
    const account = await lockedCustomer(trx, action.accountId);
    if (account.status !== 'pending') throw new AppError('AccountNotPending');
    await renewActivationLink(ctx, trx, account);
    await recordOperatorAction(trx, {
      actor,
      action: 'customer.resend_activation',
      target: { type: 'account', id: account.id },
      accountId: account.id,
      after: { activation_link: 'sent', email: account.email },
      reason: action.reason,
    });
  });
}

/**
 * Signs the customer out everywhere, as their own "sign out everywhere" does: every session ends
 * and the developer token is revoked (the customer is told it was support: `operator_revoked`).
 */
export async function revokeCustomerSessions(ctx: AppContext, actor: Actor, action: CustomerAction) {
  notOneself(actor, action.accountId);
  return ctx.db.transaction().execute(async (trx) => {
    const account = await lockedCustomer(trx, action.accountId);
    const revoked = await endOtherSessions(trx, account.id, null, 'operator_revoked', ctx.clock());
    await recordOperatorAction(trx, {
      actor,
      action: 'customer.revoke_sessions',
      target: { type: 'account', id: account.id },
      accountId: account.id,
      before: { has_api_token: account.api_token_hash !== null },
      after: { has_api_token: false, sessions_ended: revoked },
      reason: action.reason,
    });
    return { revoked };
  });
}

/** Makes the customer an operator, or a customer again (rules in account/operator.service.ts). */
export async function changeCustomerRole(
  ctx: AppContext,
  actor: Actor,
  action: CustomerAction & { role: AccountRow['role'] },
) {
  const account = await ctx.db.transaction().execute((trx) => changeOperatorRole(trx, { actor, ...action }));
  return stateOf(account);
}

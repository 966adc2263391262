import type { ViewAsData } from '@resiport/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { findAccountById, issueViewToken, type AccountRow } from '../../account/account.service';
import { recordOperatorAction } from '../../audit/audit.service';

/**
 * Opens a read-only view of a customer's portal for `operator`: the audit row first (a view is never
 * unrecorded), then the token. The operator's own account is refused: they see it signed in.
 */
export async function openView(
  ctx: AppContext,
  operator: AccountRow,
  input: { account_id: number; reason: string },
): Promise<ViewAsData> {
  const customer = await findAccountById(ctx.db, input.account_id);
  if (!customer) throw new AppError('NotFound');
  if (customer.id === operator.id) throw new AppError('OwnAccount');
  const view = await issueViewToken(ctx, {
    customerId: customer.id,
    operatorId: operator.id,
    operatorTokenVersion: operator.token_version,
  });
  await recordOperatorAction(ctx.db, {
    actor: { operatorId: operator.id },
    action: 'customer.view',
    target: { type: 'account', id: customer.id },
    accountId: customer.id,
    after: { until: view.expiresAt.toISOString() },
    reason: input.reason,
  });
  return { token: view.token, expires_at: view.expiresAt.toISOString(), email: customer.email };
}

import {
  orderHasReceipt,
  rechargeHasReceipt,
  type Receipt,
  type ReceiptKind,
  type ServerLang,
} from '@resiport/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ownRecharge } from '../billing/recharge.service';
import { ownOrder } from '../orders/order-list.service';
import { orderReceipt, rechargeReceipt, type ReceiptParties } from './receipt-view';

/**
 * The receipt of one paid top-up or order of the signed-in account (decision 038). Another
 * account's id answers NotFound exactly as a missing one does; an item that was never paid
 * (unpaid, cancelled, expired) has no receipt and answers ReceiptNotPaid.
 */
export async function receiptOf(
  ctx: AppContext,
  account: { id: number; email: string; lang: ServerLang },
  kind: ReceiptKind,
  id: number,
): Promise<Receipt> {
  const who: ReceiptParties = { issuer: ctx.config.appName, email: account.email, lang: account.lang };
  if (kind === 'recharge') {
    const recharge = await ownRecharge(ctx, account, id);
    if (!recharge) throw new AppError('NotFound');
    if (!rechargeHasReceipt(recharge)) throw new AppError('ReceiptNotPaid');
    return rechargeReceipt(recharge, who);
  }
  const order = await ownOrder(ctx, account, id);
  if (!order) throw new AppError('NotFound');
  if (!orderHasReceipt(order)) throw new AppError('ReceiptNotPaid');
  return orderReceipt(order, who);
}

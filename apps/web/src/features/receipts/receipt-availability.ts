import type { Order, RechargeRecord } from '@resiport/contract';

/**
 * Which rows have a receipt (decision 038), as the server decides: a paid top-up; an order once paid,
 * also after a refund. Any other row would only be refused with ReceiptNotPaid.
 */
export const rechargeHasReceipt = (recharge: RechargeRecord) =>
  recharge.status === 'paid' && recharge.paid_at !== null;

export const orderHasReceipt = (order: Order) =>
  (order.status === 'paid' || order.status === 'refunded') && order.paid_at !== null;

import type { Db } from '../../db/database';
import { post, balanceOf } from '../ledger/ledger.service';
import { lockOrder, moveOrder } from './order.repository';

export interface Refund {
  orderId: number;
  refundedCents: bigint;
  removedBytes: bigint;
}

/**
 * An operator refund of an order paid from the balance (crypto payments are not refundable,
 * design §7). The order's unused traffic — what is still on the main account, up to the order's
 * bytes — is removed, and the money for exactly that share goes back to the balance, rounded
 * down to the cent; the order becomes `refunded`. All in one transaction, once.
 */
export async function refundOrder(db: Db, orderId: number, at: Date): Promise<Refund> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw new Error(`order ${orderId} does not exist`);
    if (order.status !== 'paid') {
      throw new Error(`order ${orderId} is ${order.status}; only paid orders are refunded`);
    }
    if (order.paid_type !== 'balance') {
      throw new Error(
        `order ${orderId} was paid with ${order.paid_type}; only balance payments are refundable`,
      );
    }
    const left = await balanceOf(trx, order.account_id, 'traffic');
    const removedBytes = left < order.traffic_bytes ? left : order.traffic_bytes;
    if (removedBytes === 0n) {
      throw new Error(`all traffic of order ${orderId} has been used; nothing to refund`);
    }
    const refundedCents = (order.amount_cents * removedBytes) / order.traffic_bytes;
    const ref = { type: 'order', id: String(order.id) };
    const removed = await post(trx, {
      accountId: order.account_id,
      asset: 'traffic',
      kind: 'refund',
      amount: -removedBytes,
      ref,
    });
    // Traffic was spent between the read and the debit (the gateway meters concurrently).
    if (!removed.ok) throw new Error('the traffic changed while refunding; try again');
    if (refundedCents > 0n) {
      await post(trx, {
        accountId: order.account_id,
        asset: 'money',
        kind: 'refund',
        amount: refundedCents,
        ref,
      });
    }
    await moveOrder(trx, order.id, 'paid', 'refunded', at);
    return { orderId: order.id, refundedCents, removedBytes };
  });
}

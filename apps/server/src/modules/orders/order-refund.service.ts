import type { ResultCodeName } from '@resiport/contract';
import type { Db, Executor } from '../../db/database';
import { AppError } from '../../errors';
import { recordOperatorAction, type Actor } from '../audit/audit.service';
import { noteAccountFigures } from '../alerts/alert-triggers.service';
import { balanceOf, lockAccountBalances, post } from '../ledger/ledger.service';
import { findOrderRefund, insertOrderRefund, type OrderRefundRow } from './order-refund.repository';
import { findOrderById, lockOrder, moveOrder, type OrderRow } from './order.repository';

export interface Refund {
  orderId: number;
  accountId: number;
  refundedCents: bigint;
  removedBytes: bigint;
}

export interface RefundRequest {
  orderId: number;
  /** The console's operator, or the command line (`commandLine`). */
  actor: Actor;
  reason: string | null;
  /** The same key again answers the refund already made instead of refusing it (a retried request). */
  idempotencyKey: string | null;
  at: Date;
}

/** Why an order cannot be refunded, whatever its traffic (the console shows each code's own text). */
function refusalOf(order: OrderRow): Exclude<ResultCodeName, 'Success'> | undefined {
  if (order.status === 'refunded') return 'OrderAlreadyRefunded';
  if (order.status !== 'paid') return 'OrderNotPaid';
  // Crypto payments are not refundable (docs/architecture.md#payments); a trial cost nothing.
  if (order.paid_type === 'cryptomus') return 'OrderPaidByCrypto';
  if (order.paid_type !== 'balance') return 'OrderTrialNotRefundable';
  return undefined;
}

/**
 * Today's rule: the order's unused traffic — what is still on the main account, up to the order's
 * bytes — is removed, and the money for exactly that share returns, rounded down to the cent.
 */
function refundOf(order: OrderRow, trafficLeft: bigint): Refund {
  const removedBytes = trafficLeft < order.traffic_bytes ? trafficLeft : order.traffic_bytes;
  if (removedBytes <= 0n) throw new AppError('OrderTrafficUsed');
  return {
    orderId: order.id,
    accountId: order.account_id,
    removedBytes,
    refundedCents: (order.amount_cents * removedBytes) / order.traffic_bytes,
  };
}

/** What refunding the order would do now, refused as the refund itself would be. */
export async function quoteRefund(db: Executor, orderId: number): Promise<Refund> {
  const order = await findOrderById(db, orderId);
  if (!order) throw new AppError('NotFound');
  const refusal = refusalOf(order);
  if (refusal) throw new AppError(refusal);
  return refundOf(order, await balanceOf(db, order.account_id, 'traffic'));
}

const fromRecord = (order: OrderRow, row: OrderRefundRow): Refund => ({
  orderId: order.id,
  accountId: order.account_id,
  refundedCents: row.refunded_cents,
  removedBytes: row.removed_bytes,
});

/**
 * An operator refund of an order paid from the balance (the console and `npm run admin --
 * refund-order`): the traffic leaves and the money returns through the ledger, the order becomes
 * `refunded`, and the refund and its audit row are written — all in one transaction, once.
 */
export async function refundOrder(db: Db, request: RefundRequest): Promise<Refund & { replayed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, request.orderId);
    if (!order) throw new AppError('NotFound');
    if (order.status === 'refunded' && request.idempotencyKey !== null) {
      const made = await findOrderRefund(trx, order.id);
      if (made?.idempotency_key === request.idempotencyKey) {
        return { ...fromRecord(order, made), replayed: true };
      }
    }
    const refusal = refusalOf(order);
    if (refusal) throw new AppError(refusal);
    // Locked before reading what is left, so no gateway lease can take it between the read and the debit.
    await lockAccountBalances(trx, order.account_id);
    const refund = refundOf(order, await balanceOf(trx, order.account_id, 'traffic'));
    const ref = { type: 'order', id: String(order.id) };
    const owner = { accountId: order.account_id, kind: 'refund' as const, ref };
    const removed = await post(trx, { ...owner, asset: 'traffic', amount: -refund.removedBytes });
    if (!removed.ok) throw new Error(`order ${order.id}: the traffic left changed under the account lock`);
    if (refund.refundedCents > 0n) {
      await post(trx, { ...owner, asset: 'money', amount: refund.refundedCents });
    }
    // Traffic went down and money up: the account's alerts follow both (decision 039).
    await noteAccountFigures(trx, order.account_id, request.at);
    await moveOrder(trx, order.id, 'paid', 'refunded', request.at);
    await insertOrderRefund(trx, {
      order_id: order.id,
      refunded_cents: refund.refundedCents,
      removed_bytes: refund.removedBytes,
      operator_id: request.actor.operatorId,
      reason: request.reason,
      idempotency_key: request.idempotencyKey,
    });
    await recordOperatorAction(trx, {
      actor: request.actor,
      action: 'order.refund',
      target: { type: 'order', id: order.id },
      accountId: order.account_id,
      before: { status: order.status },
      after: {
        status: 'refunded',
        refunded_cents: refund.refundedCents,
        removed_bytes: refund.removedBytes,
      },
      reason: request.reason,
    });
    return { ...refund, replayed: false };
  });
}

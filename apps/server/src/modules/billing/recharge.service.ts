import {
  cryptoFeeCents,
  MAX_RECHARGE_CENTS,
  MIN_RECHARGE_CENTS,
  centsToUsd,
  type RechargeRecord,
} from '@resiport/contract';
import { enforceAccountRateLimit } from '../rate-limit/rate-limiter';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/errors';
import { createInvoice, openCheckout } from './checkout.service';
import { balanceOf } from '../ledger/ledger.service';
import {
  findOwnRecharge,
  findRechargeByKey,
  insertRecharge,
  latestPendingRecharge,
  pageOfRecharges,
  type RechargeView,
} from './recharge.repository';
import { toRechargeRecord } from './recharge-view';
import { checkInvoice } from './settle-invoice.service';

/** Billing needs only who pays; it never reads the accounts table itself. */
interface Customer {
  id: number;
}

export interface Checkout {
  url: string;
  recharge_id: number;
  amount_cents: number;
  fee_cents: number;
  total_cents: number;
}

/**
 * Starts a top-up: the balance gets `amountCents`, the payer pays it plus the 3% fee. A retried
 * request with the same idempotency key returns the same checkout instead of a second invoice.
 */
export async function startRecharge(
  ctx: AppContext,
  account: Customer,
  input: { amountCents: number; idempotencyKey: string | undefined },
): Promise<Checkout> {
  if (input.amountCents < MIN_RECHARGE_CENTS) {
    throw new AppError('AmountTooSmall', { min: centsToUsd(MIN_RECHARGE_CENTS) });
  }
  if (input.amountCents > MAX_RECHARGE_CENTS) throw new AppError('ValidationFailed', {}, { fields: {} });
  const feeCents = cryptoFeeCents(input.amountCents);
  const existing = input.idempotencyKey
    ? await findRechargeByKey(ctx.db, account.id, input.idempotencyKey)
    : undefined;
  // A retry of the same request (same key) opens nothing new, so only new invoices are counted.
  if (!existing) await enforceAccountRateLimit(ctx, 'cryptomusPay', account.id);
  const recharge =
    existing ?? (await createRecharge(ctx, account.id, input.amountCents, feeCents, input.idempotencyKey));
  if (Number(recharge.amount_cents) !== input.amountCents) throw new AppError('IdempotencyKeyReused');
  const url =
    recharge.checkout_url ??
    (await openCheckout(
      ctx,
      { id: recharge.invoice_id, order_ref: recharge.order_ref, amount_cents: recharge.total_cents },
      `/client/recharge?recharge_id=${recharge.id}`,
    ));
  return toCheckout(recharge, url);
}

async function createRecharge(
  ctx: AppContext,
  accountId: number,
  amountCents: number,
  feeCents: number,
  key?: string,
): Promise<RechargeView> {
  const id = await insertRechargeWithInvoice(ctx, accountId, amountCents, feeCents, key).catch(
    async (error: unknown) => {
      // Two requests with one key raced and the other inserted first: answer with its recharge.
      const winner =
        key && isUniqueViolation(error) ? await findRechargeByKey(ctx.db, accountId, key) : undefined;
      if (!winner) throw error;
      return winner.id;
    },
  );
  const created = await findOwnRecharge(ctx.db, accountId, id);
  if (!created) throw new Error('recharge vanished');
  return created;
}

function insertRechargeWithInvoice(
  ctx: AppContext,
  accountId: number,
  amountCents: number,
  feeCents: number,
  key: string | undefined,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const invoice = await createInvoice(ctx, trx, {
      purpose: 'recharge',
      accountId,
      amountCents: BigInt(amountCents + feeCents),
    });
    return insertRecharge(trx, {
      accountId,
      invoiceId: invoice.id,
      amountCents: BigInt(amountCents),
      feeCents: BigInt(feeCents),
      idempotencyKey: key ?? null,
    });
  });
}

/** The user's "I have paid" check: asks the provider now, so a missed webhook does not matter. */
export async function checkRecharge(ctx: AppContext, account: Customer, rechargeId: number | undefined) {
  const recharge = rechargeId
    ? await findOwnRecharge(ctx.db, account.id, rechargeId)
    : await latestPendingRecharge(ctx.db, account.id);
  if (!recharge) throw new AppError('NotFound');
  await checkInvoice(ctx, recharge.invoice_id, 'checkPay');
  const fresh = await findOwnRecharge(ctx.db, account.id, recharge.id);
  if (!fresh) throw new AppError('NotFound');
  return { recharge: fresh, balanceCents: await balanceOf(ctx.db, account.id, 'money') };
}

/**
 * One top-up of the account as the API shows it (a receipt reads it, decision 038); undefined for
 * a missing id and for another account's alike, so neither can be told apart.
 */
export async function ownRecharge(
  ctx: AppContext,
  account: Customer,
  rechargeId: number,
): Promise<RechargeRecord | undefined> {
  const recharge = await findOwnRecharge(ctx.db, account.id, rechargeId);
  return recharge && toRechargeRecord(recharge);
}

/** The account's recharge record, newest first. */
export function listRecharges(ctx: AppContext, account: Customer, page: number, pageSize: number) {
  return pageOfRecharges(ctx.db, account.id, page, pageSize);
}

export function toCheckout(recharge: RechargeView, url: string): Checkout {
  return {
    url,
    recharge_id: recharge.id,
    amount_cents: Number(recharge.amount_cents),
    fee_cents: Number(recharge.fee_cents),
    total_cents: Number(recharge.total_cents),
  };
}

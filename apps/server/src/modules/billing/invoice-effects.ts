import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import { noteAccountFigures, noteAlertEvent } from '../alerts/alert-triggers.service';
import { post } from '../ledger/ledger.service';
import type { InvoiceRow } from './invoice.repository';
import type { InvoicePurpose } from './invoice.table';
import { creditOverpayment } from './overpayment.service';
import { findRechargeByInvoice } from './recharge.repository';

type Effect = (trx: Transaction<Database>, invoice: InvoiceRow, at: Date) => Promise<void>;
/** `extraCents`: what an overpayment is worth beyond the invoice (0 when it was paid exactly). */
type PaidEffect = (
  trx: Transaction<Database>,
  invoice: InvoiceRow,
  at: Date,
  extraCents: bigint,
) => Promise<void>;

/** What settling an invoice does, per purpose; runs in the transaction that finishes the invoice. */
export interface InvoiceEffects {
  paid: PaidEffect;
  /** The invoice failed or expired (nothing was paid). */
  closed?: Effect;
}

async function rechargePaid(
  trx: Transaction<Database>,
  invoice: InvoiceRow,
  at: Date,
  extraCents: bigint,
): Promise<void> {
  const recharge = await findRechargeByInvoice(trx, invoice.id);
  if (!recharge) throw new Error(`invoice ${invoice.id} has no recharge`);
  const result = await post(trx, {
    accountId: recharge.account_id,
    asset: 'money',
    kind: 'recharge',
    amount: recharge.amount_cents,
    ref: { type: 'recharge', id: String(recharge.id) },
  });
  if (!result.ok) throw new Error('a credit cannot fail');
  const overpaid = {
    accountId: recharge.account_id,
    of: 'recharge',
    id: recharge.id,
    cents: extraCents,
  } as const;
  const balanceAfter = (await creditOverpayment(trx, overpaid)) ?? result.balanceAfter;
  await noteAlertEvent(trx, recharge.account_id, {
    kind: 'payment_received',
    dedupeKey: `recharge:${recharge.id}`,
    data: {
      recharge_id: recharge.id,
      // The mail says what reached the balance: the top-up and any overpayment with it.
      amount_cents: Number(recharge.amount_cents + extraCents),
      paid_cents: Number(invoice.amount_cents),
      balance_cents: Number(balanceAfter),
    },
    at,
  });
  await noteAccountFigures(trx, recharge.account_id, at);
}

/**
 * The effects of every purpose a crypto invoice can have. Billing sits below the modules that sell
 * through it (orders), so it does not import them: the table is assembled once, outside the
 * modules (invoice-purposes.ts), and reaches settling through the AppContext.
 */
export type InvoiceEffectsByPurpose = Record<InvoicePurpose, InvoiceEffects>;

/** A recharge invoice credits the money it paid. */
export const rechargeInvoiceEffects: InvoiceEffects = { paid: rechargePaid };

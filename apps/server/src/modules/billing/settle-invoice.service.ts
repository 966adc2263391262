import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, InvoiceStatus } from '../../db/database.types';
import { post } from '../ledger/ledger.service';
import { findInvoiceById, finishInvoice, type InvoiceRow } from './invoice.repository';
import { ourPaymentStatus } from './payment-provider';
import { findRechargeByInvoice } from './recharge.repository';

type Effect = (trx: Transaction<Database>, invoice: InvoiceRow) => Promise<void>;

/** What a paid invoice does, per purpose. Orders add theirs with the orders module. */
const onPaid: Partial<Record<InvoiceRow['purpose'], Effect>> = {
  recharge: async (trx, invoice) => {
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
  },
};

/**
 * Brings a pending invoice up to date with the provider. The provider is asked (`payment/info`)
 * whatever a webhook claimed, so a forged or stale hint cannot move money; the pending → final
 * move and its effect commit together, once, however many webhooks, checks and jobs race here.
 */
export async function settleInvoice(
  ctx: AppContext,
  invoice: InvoiceRow,
  source: string,
): Promise<InvoiceStatus> {
  if (invoice.status !== 'pending') return invoice.status;
  const payment = await ctx.payments.paymentInfo({ orderId: invoice.order_ref });
  if (payment.orderId !== invoice.order_ref || payment.currency.toUpperCase() !== 'USD') {
    ctx.log.error(
      { invoiceId: invoice.id, source },
      'provider answered about another order or currency; ignored',
    );
    return 'pending';
  }
  let outcome = ourPaymentStatus(payment.status, payment.isFinal);
  if (outcome === 'pending') return 'pending';
  if (outcome === 'paid' && payment.amountCents < invoice.amount_cents) {
    ctx.log.error(
      { invoiceId: invoice.id, source },
      'provider reports paid for less than the invoice; not credited',
    );
    outcome = 'failed';
  }
  const final = outcome;
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await finishInvoice(trx, invoice.id, {
      status: final,
      providerStatus: payment.status,
      settledAt: ctx.clock(),
    });
    if (!moved) return (await findInvoiceById(trx, invoice.id))?.status ?? 'pending';
    if (final === 'paid') {
      const effect = onPaid[invoice.purpose];
      if (!effect) throw new Error(`no effect for paid ${invoice.purpose} invoices`);
      await effect(trx, invoice);
    }
    ctx.log.info(
      { invoiceId: invoice.id, purpose: invoice.purpose, outcome: final, source },
      'invoice settled',
    );
    return final;
  });
}

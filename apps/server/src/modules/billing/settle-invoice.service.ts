import type { AppContext } from '../../context';
import type { InvoiceStatus } from './invoice.table';
import { AppError } from '../../errors';
import { invoiceEffects } from './invoice-effects';
import { findInvoiceById, finishInvoice, unopenedInvoices, type InvoiceRow } from './invoice.repository';
import { ourPaymentStatus } from './payment-provider';

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
  const settledAt = ctx.clock();
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await finishInvoice(trx, invoice.id, {
      status: final,
      providerStatus: payment.status,
      settledAt,
    });
    if (!moved) return (await findInvoiceById(trx, invoice.id))?.status ?? 'pending';
    const effects = invoiceEffects[invoice.purpose];
    if (final === 'paid') await effects.paid(trx, invoice, settledAt);
    else await effects.closed?.(trx, invoice, settledAt);
    ctx.log.info(
      { invoiceId: invoice.id, purpose: invoice.purpose, outcome: final, source },
      'invoice settled',
    );
    return final;
  });
}

/**
 * The customer's "I have paid" check for an invoice of theirs (by id): asks the provider now, so a
 * missed webhook does not matter. A provider that does not answer is reported, not hidden.
 */
export async function checkInvoice(ctx: AppContext, invoiceId: number, source: string): Promise<void> {
  const invoice = await findInvoiceById(ctx.db, invoiceId);
  if (invoice?.status !== 'pending' || !invoice.provider_uuid) return;
  await settleInvoice(ctx, invoice, source).catch((error: unknown) => {
    ctx.log.error({ err: error, invoiceId }, 'checking the payment failed');
    throw new AppError('PaymentProviderUnavailable');
  });
}

/**
 * Closes invoices whose checkout never opened (creating it at the provider failed and the customer
 * did not retry) an hour after they expired: nobody can have paid them, so what they held — an
 * unpaid order and its coupon use — is released. The hour covers a provider invoice created just
 * before our attempt to record it failed; it expires with the same lifetime.
 */
export async function expireUnopenedInvoices(ctx: AppContext, limit: number): Promise<number> {
  const settledAt = ctx.clock();
  const stale = await unopenedInvoices(ctx.db, new Date(settledAt.getTime() - 3_600_000), limit);
  let closed = 0;
  for (const invoice of stale) {
    await ctx.db.transaction().execute(async (trx) => {
      if (
        !(await finishInvoice(trx, invoice.id, {
          status: 'expired',
          providerStatus: 'never_opened',
          settledAt,
        }))
      ) {
        return;
      }
      await invoiceEffects[invoice.purpose].closed?.(trx, invoice, settledAt);
      closed++;
    });
  }
  return closed;
}

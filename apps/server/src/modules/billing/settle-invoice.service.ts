import type { PaymentReceived } from '@resiport/contract';
import type { AppContext } from '../../context';
import type { InvoiceStatus } from './invoice.table';
import { AppError } from '../../errors';
import { receivedFrom, recordCheck } from './invoice-events';
import { extraOfOverpayment } from './overpayment.service';
import {
  findInvoiceById,
  finishInvoice,
  noteUnpaidReport,
  unopenedInvoices,
  type InvoiceRow,
} from './invoice.repository';
import { paymentOutcomeOf, type PaymentOutcome, type PaymentProviderPayment } from './payment-provider';

/**
 * Brings an unpaid invoice up to date with the provider. The provider is asked (`payment/info`)
 * whatever a webhook claimed, so a forged or stale hint cannot move money; the unpaid → final
 * move and its effect commit together, once, however many webhooks, checks and jobs race here.
 * What the provider says beside the status (underpaid, paid over, expired…) and what the payer
 * sent are kept with it (decision 026), so the customer is told the truth.
 */
export async function settleInvoice(
  ctx: AppContext,
  invoice: InvoiceRow,
  source: string,
): Promise<InvoiceStatus> {
  if (invoice.status !== 'unpaid') return invoice.status;
  const payment = await ctx.payments.paymentInfo({ orderId: invoice.order_ref });
  if (payment.orderId !== invoice.order_ref || payment.currency.toUpperCase() !== 'USD') {
    ctx.log.error(
      { invoiceId: invoice.id, source },
      'provider answered about another order or currency; ignored',
    );
    return 'unpaid';
  }
  let outcome: PaymentOutcome = paymentOutcomeOf(payment.status, payment.isFinal);
  const report = { providerStatus: payment.status, received: receivedOf(payment) };
  const answer = { ...report, source, isFinal: payment.isFinal };
  if (outcome.status === 'unpaid') {
    const changed =
      payment.status !== invoice.provider_status ||
      (report.received?.amount ?? null) !== invoice.received_amount;
    if (changed) {
      await noteUnpaidReport(ctx.db, invoice.id, { ...report, detail: outcome.detail });
    }
    // The history keeps what is news; reconciliation asks every minute and mostly hears the same.
    if (changed || source !== 'reconcile') await recordCheck(ctx.db, invoice.id, answer, outcome);
    return 'unpaid';
  }
  if (outcome.status === 'paid' && payment.amountCents < invoice.amount_cents) {
    ctx.log.error(
      { invoiceId: invoice.id, source },
      'provider reports paid for less than the invoice; not credited',
    );
    outcome = { status: 'cancelled', detail: 'underpaid' };
  }
  const final = { ...outcome, status: outcome.status as Exclude<InvoiceStatus, 'unpaid'> };
  const extraCents = final.detail === 'paid_over' ? overpaidExtra(ctx, invoice, payment) : 0n;
  const settledAt = ctx.clock();
  return ctx.db.transaction().execute(async (trx) => {
    await recordCheck(trx, invoice.id, answer, final);
    const moved = await finishInvoice(trx, invoice.id, { ...report, ...final, settledAt, extraCents });
    if (!moved) return (await findInvoiceById(trx, invoice.id))?.status ?? 'unpaid';
    const effects = ctx.invoiceEffects[invoice.purpose];
    if (final.status === 'paid') await effects.paid(trx, invoice, settledAt, extraCents);
    else await effects.closed?.(trx, invoice, settledAt);
    ctx.log.info(
      {
        invoiceId: invoice.id,
        purpose: invoice.purpose,
        outcome: final.status,
        detail: final.detail,
        source,
      },
      'invoice settled',
    );
    return final.status;
  });
}

/**
 * The extra of a paid-over invoice, credited with it; 0 (and support settles it, as the customer is
 * told) when the provider's figures cannot value it.
 */
function overpaidExtra(ctx: AppContext, invoice: InvoiceRow, payment: PaymentProviderPayment): bigint {
  const extra = extraOfOverpayment(invoice.amount_cents, payment.paymentAmount, payment.payerAmount);
  if (extra === undefined) {
    ctx.log.error({ invoiceId: invoice.id }, 'paid over, but the extra cannot be valued; not credited');
  }
  return extra ?? 0n;
}

/** What the payer sent (`payment_amount` in the coin paid); null before anything arrived. */
function receivedOf(payment: PaymentProviderPayment): PaymentReceived {
  return receivedFrom(payment.paymentAmount, payment.payerCurrency ?? payment.currency);
}

/**
 * The customer's "I have paid" check for an invoice of theirs (by id): asks the provider now, so a
 * missed webhook does not matter. A provider that does not answer is reported, not hidden.
 */
export async function checkInvoice(ctx: AppContext, invoiceId: number, source: string): Promise<void> {
  const invoice = await findInvoiceById(ctx.db, invoiceId);
  if (invoice?.status !== 'unpaid' || !invoice.provider_uuid) return;
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
          status: 'cancelled',
          detail: 'expired',
          providerStatus: 'never_opened',
          received: null,
          settledAt,
        }))
      ) {
        return;
      }
      const never = { source: 'reconcile', providerStatus: 'never_opened', isFinal: true, received: null };
      await recordCheck(trx, invoice.id, never, { status: 'cancelled', detail: 'expired' });
      await ctx.invoiceEffects[invoice.purpose].closed?.(trx, invoice, settledAt);
      closed++;
    });
  }
  return closed;
}

import type { InvoiceResolutionChoice } from '@resiport/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { recordOperatorAction, type Actor } from '../audit/audit.service';
import { noteAccountFigures, noteAlertEvent } from '../alerts/alert-triggers.service';
import { post } from '../ledger/ledger.service';
import { creditOf, factsOf, isResolvable } from './invoice-resolution';
import { eventsOfInvoice, findResolution, insertResolution } from './invoice-history.repository';
import { lockInvoice, markInvoiceResolved } from './invoice.repository';

/** The console's lists apply the same rule to the facts they read in bulk. */
export { creditOf, isResolvable, type ResolutionFacts } from './invoice-resolution';

/** An invoice's history (what the provider told us), oldest first: the console shows it beside the invoice. */
export { eventsOfInvoice };

export interface ResolveRequest {
  invoiceId: number;
  choice: InvoiceResolutionChoice;
  /** The console's operator, or the command line (`commandLine`). */
  actor: Actor;
  reason: string | null;
  /** The same key again answers the resolution already made instead of refusing it. */
  idempotencyKey: string | null;
}

export interface Resolution {
  invoiceId: number;
  accountId: number;
  choice: InvoiceResolutionChoice;
  creditedCents: bigint;
  replayed: boolean;
}

/**
 * Resolves a cancelled crypto invoice that received money (decision 026: an underpayment is never
 * credited automatically; an operator completes or returns it):
 * - `credit`: what arrived, in USD as the provider reported it and never more than asked, goes to
 *   the customer's balance; the invoice stays `cancelled` (what was asked was not paid) with the
 *   detail `credited`, so the customer's top-up or order row says it arrived and was credited.
 * - `refunded`: the money went back to the payer outside the product; nothing moves here, and the
 *   invoice becomes `refunded` (no detail: "returned to the payer, nothing credited").
 * The invoice row is locked and the resolution has the invoice as its key, so concurrent or repeated
 * resolutions apply once; the ledger entry, the resolution and the audit row commit together.
 */
export async function resolveInvoice(db: Db, request: ResolveRequest): Promise<Resolution> {
  return db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, request.invoiceId);
    if (!invoice) throw new AppError('NotFound');
    const done = await findResolution(trx, invoice.id);
    if (done) {
      if (request.idempotencyKey === null || done.idempotency_key !== request.idempotencyKey) {
        throw new AppError('InvoiceAlreadyResolved');
      }
      const { account_id: accountId } = invoice;
      return {
        invoiceId: invoice.id,
        accountId,
        choice: done.choice,
        creditedCents: done.credited_cents,
        replayed: true,
      };
    }
    const facts = factsOf(invoice, await eventsOfInvoice(trx, invoice.id), false);
    if (!isResolvable(facts)) throw new AppError('InvoiceNotResolvable');
    const credit = request.choice === 'credit' ? creditOf(facts) : 0n;
    if (credit === null) throw new AppError('InvoiceReceivedUnknown');
    if (credit > 0n) {
      // Kind `recharge`, not `adjustment`: this is money the customer paid by crypto, so the revenue
      // figures count it as a top-up. The ref is the invoice, so the ledger itself refuses a second.
      const credited = await post(trx, {
        accountId: invoice.account_id,
        asset: 'money',
        kind: 'recharge',
        amount: credit,
        ref: { type: 'invoice', id: String(invoice.id) },
        note: 'payment resolved by an operator',
      });
      if (!credited.ok) throw new Error('a credit cannot fail');
      await noteAlertEvent(trx, invoice.account_id, {
        kind: 'payment_received',
        dedupeKey: `invoice:${invoice.id}`,
        data: {
          invoice_id: invoice.id,
          amount_cents: Number(credit),
          // What arrived (the provider's figure), not what it credits after the fee.
          paid_cents: Number(facts.reportedUsdCents ?? credit),
          balance_cents: Number(credited.balanceAfter),
        },
        at: new Date(),
      });
      await noteAccountFigures(trx, invoice.account_id);
    }
    const after =
      request.choice === 'credit'
        ? { status: 'cancelled' as const, detail: 'credited' as const }
        : { status: 'refunded' as const, detail: null };
    if (!(await markInvoiceResolved(trx, invoice.id, after))) throw new Error('the locked invoice changed');
    await insertResolution(trx, {
      invoice_id: invoice.id,
      choice: request.choice,
      credited_cents: credit,
      operator_id: request.actor.operatorId,
      reason: request.reason,
      idempotency_key: request.idempotencyKey,
    });
    await recordOperatorAction(trx, {
      actor: request.actor,
      action: 'invoice.resolve',
      target: { type: 'invoice', id: invoice.id },
      accountId: invoice.account_id,
      before: { status: invoice.status, payment_detail: invoice.payment_detail },
      after: {
        status: after.status,
        payment_detail: after.detail,
        choice: request.choice,
        credited_cents: credit,
      },
      reason: request.reason,
    });
    return {
      invoiceId: invoice.id,
      accountId: invoice.account_id,
      choice: request.choice,
      creditedCents: credit,
      replayed: false,
    };
  });
}

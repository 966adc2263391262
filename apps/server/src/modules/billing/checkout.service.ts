import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database.types';
import { AppError } from '../../errors';
import { addSeconds } from '../../lib/clock';
import { randomToken } from '../../lib/crypto';
import { attachCheckout, insertInvoice, type InvoiceRow } from './invoice.repository';

/** What a crypto invoice pays for; its `order_ref` prefix says so in the provider's dashboard too. */
const refPrefix: Record<InvoiceRow['purpose'], string> = { recharge: 'rc', order: 'or' };

/** Records a pending crypto invoice inside the caller's transaction (with what it pays for). */
export function createInvoice(
  ctx: AppContext,
  trx: Transaction<Database>,
  values: { purpose: InvoiceRow['purpose']; accountId: number; amountCents: bigint },
): Promise<InvoiceRow> {
  return insertInvoice(trx, {
    order_ref: `${refPrefix[values.purpose]}_${randomToken(12)}`,
    purpose: values.purpose,
    account_id: values.accountId,
    amount_cents: values.amountCents,
    expires_at: addSeconds(ctx.clock(), ctx.config.cryptomus.invoiceLifetime),
  });
}

/**
 * Creates the provider invoice for one of ours and returns its checkout url. Never inside a
 * transaction (it is a network call); the provider dedupes by our order ref, so a retry is safe.
 * `returnPath` is where the browser comes back to, under the public url.
 */
export async function openCheckout(
  ctx: AppContext,
  invoice: { id: number; order_ref: string; amount_cents: bigint },
  returnPath: string,
): Promise<string> {
  const base = ctx.config.publicUrl;
  const payment = await ctx.payments
    .createInvoice({
      orderId: invoice.order_ref,
      amountCents: invoice.amount_cents,
      currency: 'USD',
      urlCallback: `${base}/api/recharge/cryptomus/webhook`,
      urlReturn: `${base}${returnPath}`,
      urlSuccess: `${base}${returnPath}`,
      lifetimeSeconds: ctx.config.cryptomus.invoiceLifetime,
    })
    .catch((error: unknown) => {
      ctx.log.error({ err: error, invoiceId: invoice.id }, 'creating the crypto invoice failed');
      throw new AppError('PaymentProviderUnavailable');
    });
  const expiresAt = payment.expiresAt ?? addSeconds(ctx.clock(), ctx.config.cryptomus.invoiceLifetime);
  await attachCheckout(ctx.db, invoice.id, { providerUuid: payment.uuid, url: payment.url, expiresAt });
  return payment.url;
}

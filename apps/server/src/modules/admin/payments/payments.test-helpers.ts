import { type AdminInvoiceRow, rechargeEndpoints } from '@resiport/contract';
import { passThroughData, successData } from '@resiport/testkit';
import { expect, vi } from 'vitest';
import { pressCheckout, type fundedCustomer } from '../../../../test/factories';
import type { TestApp } from '../../../../test/test-app';

type Customer = Awaited<ReturnType<typeof fundedCustomer>>;
type Action = 'pay' | 'underpay' | 'expire';

/**
 * Crypto payments as a customer makes them, through the Cryptomus sandbox's real protocol (its
 * checkout buttons, its signed webhooks), for the console's payment tests.
 */
export function sandboxPayments(
  app: () => TestApp,
  invoicesOf: (query: { account_id: number }) => Promise<AdminInvoiceRow[]>,
) {
  const webhooksOf = (invoiceId: number) =>
    app()
      .ctx.db.selectFrom('crypto_invoice_events')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .where('kind', '=', 'webhook')
      .execute();

  /** The customer's top-ups as the portal lists them. */
  const rechargeRecord = async (token: string) =>
    successData(await app().send(rechargeEndpoints.record, {}, { token })).list;

  /**
   * A 20 USD top-up (20.60 with the fee) that the payer answers at the checkout with `action`; its
   * webhook has arrived (unless `webhook: false` stops the sandbox sending it) and the customer has
   * checked it, as the return page does.
   */
  async function topUp(customer: Customer, action?: Action, options: { webhook?: boolean } = {}) {
    const t = app();
    const checkout = passThroughData(
      rechargeEndpoints.pay,
      'GoToPayment',
      await t.send(rechargeEndpoints.pay, { amount: '20' }, { token: customer.token }),
    );
    const uuid = checkout.url.split('/').pop() ?? '';
    if (options.webhook === false) {
      await t.ctx.db
        .withTables<{ cryptomus_sandbox_invoices: { uuid: string; url_callback: string | null } }>()
        .updateTable('cryptomus_sandbox_invoices')
        .set({ url_callback: null })
        .where('uuid', '=', uuid)
        .execute();
    }
    if (action) await pressCheckout(checkout.url, action);
    const invoice = (await invoicesOf({ account_id: customer.id })).find(
      (row) => row.recharge_id === checkout.recharge_id,
    );
    if (!invoice) throw new Error('no invoice for the top-up');
    if (action && options.webhook !== false) {
      await vi.waitFor(async () => expect(await webhooksOf(invoice.id)).not.toEqual([]));
    }
    const check = { recharge_id: String(checkout.recharge_id) };
    await t.send(rechargeEndpoints.check, check, { token: customer.token });
    return { ...checkout, uuid, invoiceId: invoice.id };
  }

  return { topUp, webhooksOf, rechargeRecord };
}

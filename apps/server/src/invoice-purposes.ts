import type { InvoiceEffectsByPurpose } from './modules/billing/invoice-effects';
import { rechargeInvoiceEffects } from './modules/billing/invoice-effects';
import { orderInvoiceClosed, orderInvoicePaid } from './modules/orders/order-settlement.service';

/**
 * Every purpose a crypto invoice can have and what settling it does, registered here explicitly.
 * It lives outside the modules because it joins billing to the modules above it (decision 040):
 * billing settles invoices, orders says what a paid or closed order invoice does.
 */
export const invoiceEffects: InvoiceEffectsByPurpose = {
  recharge: rechargeInvoiceEffects,
  order: { paid: orderInvoicePaid, closed: orderInvoiceClosed },
};

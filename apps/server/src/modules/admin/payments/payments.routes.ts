import { adminPaymentsEndpoints as calls } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { currentAccount } from '../../../plugins/auth';
import { endpointRoutes } from '../../../plugins/endpoint-routes';
import { adminInvoiceDetail, adminResolveInvoice, listAdminInvoices } from './admin-invoices.service';
import {
  adminOrderDetail,
  adminRefundOrder,
  adminRefundQuote,
  listAdminOrders,
} from './admin-orders.service';

/** The console's orders and payments (docs/product.md#operator-console): lists, details, refunds and resolutions. */
export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['admin']);
    const operator = (request: Parameters<typeof currentAccount>[0]) => ({
      operatorId: currentAccount(request).id,
    });
    route(calls.orders, async (request, input) => ok(request, await listAdminOrders(ctx, input)));
    route(calls.order, async (request, input) => ok(request, await adminOrderDetail(ctx, input.order_id)));
    route(calls.refundQuote, async (request, input) =>
      ok(request, await adminRefundQuote(ctx, input.order_id)),
    );
    route(calls.refund, async (request, input) =>
      ok(request, await adminRefundOrder(ctx, operator(request), input)),
    );
    route(calls.invoices, async (request, input) => ok(request, await listAdminInvoices(ctx, input)));
    route(calls.invoice, async (request, input) =>
      ok(request, await adminInvoiceDetail(ctx, input.invoice_id)),
    );
    route(calls.resolve, async (request, input) =>
      ok(request, await adminResolveInvoice(ctx, operator(request), input)),
    );
  };
}

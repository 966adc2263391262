import { orderEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ok, passThrough } from '../../lib/reply';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { listOrders } from './order-list.service';
import { toOrder } from './order-view';
import { buyerOf } from './buyer';
import { checkOrderPayment, payOrder } from './order-pay.service';
import { priceSelection, toQuote } from './order-quote.service';

/** Quoting, paying and listing orders (docs/product.md#orders). */
export function orderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['orders']);

    route(orderEndpoints.check, async (request, selection) =>
      ok(request, toQuote(await priceSelection(ctx.db, buyerOf(request), selection, ctx.clock()))),
    );

    route(orderEndpoints.pay, async (request, input) => {
      const { idempotency_key: key, expected_total_cents: expectedTotal, ...selection } = input;
      const outcome = await payOrder(ctx, buyerOf(request), selection, { key, expectedTotal });
      if (outcome.kind === 'checkout') {
        return passThrough(request, 'GoToPayment', {
          url: outcome.url,
          order_id: outcome.order.id,
          total_cents: Number(outcome.order.total_cents),
        });
      }
      if (outcome.kind === 'insufficient') {
        return passThrough(request, 'PaymentRequired', {
          amount_cents: Number(outcome.amountCents),
          balance_cents: Number(outcome.balanceCents),
          missing_cents: Number(outcome.amountCents - outcome.balanceCents),
        });
      }
      const paid = {
        order: toOrder(outcome.order),
        balance_cents: Number(outcome.balanceCents),
        traffic_left_bytes: Number(outcome.trafficLeftBytes),
      };
      return ok(request, paid, 'OrderPaid');
    });

    route(orderEndpoints.list, async (request, { page, page_size: pageSize, status }) => {
      const { list, total } = await listOrders(ctx, buyerOf(request), { page, pageSize, status });
      return ok(request, { list: list.map(toOrder), total, page, page_size: pageSize });
    });

    route(orderEndpoints.checkPay, async (request, input) => {
      const order = toOrder(await checkOrderPayment(ctx, buyerOf(request), input.order_id));
      // Still unpaid is not a failure of the call: its own code, which the client toasts and passes on.
      if (order.status === 'unpaid') throw new AppError('PaymentPending', {}, order);
      return ok(request, order, order.status === 'paid' ? 'OrderPaid' : 'Success');
    });
  };
}

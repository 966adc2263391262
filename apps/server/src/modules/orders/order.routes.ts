import {
  envelopeSchema,
  orderCheckoutData,
  orderCheckPayBody,
  orderListQuery,
  orderPaidData,
  orderPaths,
  orderPayBody,
  orderQuoteSchema,
  orderSchema,
  orderSelectionSchema,
  pageOf,
  paymentRequiredData,
} from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ok, passThrough } from '../../lib/reply';
import { currentAccount, requireAccount } from '../../plugins/auth';
import { listOrders, toOrder } from './order-list.service';
import { checkOrderPayment, payOrder } from './order-pay.service';
import { priceSelection, toQuote, type Buyer } from './order-quote.service';

const tags = ['orders'];
const security: Record<string, string[]>[] = [{ jwtToken: [] }, { bearer: [] }];

/** The signed-in account and the address it calls from (`::ffff:1.2.3.4` is `1.2.3.4`). */
function buyerOf(request: FastifyRequest): Buyer {
  return { id: currentAccount(request).id, ip: request.ip.replace(/^::ffff:(?=\d+\.)/, '') };
}

/** Quoting, paying and listing orders (spec §7 "Orders"). */
export function orderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const signedIn = requireAccount(ctx);
  return async (app) => {
    app.get(
      orderPaths.check,
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          querystring: orderSelectionSchema,
          response: { 200: envelopeSchema(orderQuoteSchema) },
        },
      },
      async (request) =>
        ok(request, toQuote(await priceSelection(ctx.db, buyerOf(request), request.query, ctx.clock()))),
    );

    app.post(
      orderPaths.pay,
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          body: orderPayBody,
          response: {
            200: envelopeSchema(orderPaidData)
              .or(envelopeSchema(orderCheckoutData))
              .or(envelopeSchema(paymentRequiredData)),
          },
        },
      },
      async (request) => {
        const { idempotency_key: key, ...selection } = request.body;
        const outcome = await payOrder(ctx, buyerOf(request), selection, key);
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
        return ok(
          request,
          {
            order: toOrder(outcome.order),
            balance_cents: Number(outcome.balanceCents),
            traffic_left_bytes: Number(outcome.trafficLeftBytes),
          },
          'OrderPaid',
        );
      },
    );

    app.get(
      orderPaths.list,
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          querystring: orderListQuery,
          response: { 200: envelopeSchema(pageOf(orderSchema)) },
        },
      },
      async (request) => {
        const { page, page_size: pageSize, status } = request.query;
        const { list, total } = await listOrders(ctx, buyerOf(request), { page, pageSize, status });
        return ok(request, { list: list.map(toOrder), total, page, page_size: pageSize });
      },
    );

    app.post(
      orderPaths.checkPay,
      {
        onRequest: signedIn,
        schema: { tags, security, body: orderCheckPayBody, response: { 200: envelopeSchema(orderSchema) } },
      },
      async (request) => {
        const order = toOrder(await checkOrderPayment(ctx, buyerOf(request), request.body.order_id));
        // Still unpaid is not a failure of the call: its own code, which the client toasts and passes on.
        if (order.status === 'unpaid') throw new AppError('PaymentPending', {}, order);
        return ok(request, order, order.status === 'paid' ? 'OrderPaid' : 'Success');
      },
    );
  };
}

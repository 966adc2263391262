import { balanceEndpoints, rechargeEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sendCsv } from '../../lib/csv';
import { ok, passThrough } from '../../lib/reply';
import { currentAccount } from '../../plugins/auth';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { balanceHistory, balanceHistoryCsv } from './balance-history.service';
import { toRechargeRecord } from './recharge-view';
import { checkRecharge, listRecharges, startRecharge } from './recharge.service';

/** Balance top-ups (docs/product.md#recharge). */
export function rechargeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['recharge']);

    route(rechargeEndpoints.pay, async (request, { amount, idempotency_key: idempotencyKey }) => {
      const account = currentAccount(request);
      const checkout = await startRecharge(ctx, account, { amountCents: amount, idempotencyKey });
      return passThrough(request, 'GoToPayment', checkout);
    });

    route(rechargeEndpoints.check, async (request, input) => {
      const { recharge, balanceCents } = await checkRecharge(ctx, currentAccount(request), input.recharge_id);
      const data = { ...toRechargeRecord(recharge), balance_cents: Number(balanceCents) };
      // Still unpaid is not a failure of the call: its own code, which the client toasts and passes on.
      if (recharge.status === 'unpaid') throw new AppError('PaymentPending', {}, data);
      return ok(request, data);
    });

    // The balance history: a page of movements (JSON), or every one as a file (`format=csv`).
    route(balanceEndpoints.history, async (request, query, reply) => {
      const account = currentAccount(request);
      if (query.format === 'csv') return sendCsv(reply, await balanceHistoryCsv(ctx, account));
      return ok(request, await balanceHistory(ctx, account, { page: query.page, pageSize: query.page_size }));
    });

    route(rechargeEndpoints.record, async (request, { page, page_size: pageSize }) => {
      const { list, total } = await listRecharges(ctx, currentAccount(request), page, pageSize);
      return ok(request, { list: list.map(toRechargeRecord), total, page, page_size: pageSize });
    });
  };
}

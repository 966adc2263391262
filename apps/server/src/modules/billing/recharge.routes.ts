import {
  checkoutData,
  checkPayBody,
  checkPayData,
  envelopeSchema,
  pageOf,
  pageQuery,
  rechargePayBody,
  rechargePaths,
  rechargeRecordSchema,
} from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ok, passThrough } from '../../lib/reply';
import { currentAccount, requireAccount } from '../../plugins/auth';
import type { RechargeView } from './recharge.repository';
import { checkRecharge, listRecharges, startRecharge } from './recharge.service';

const tags = ['recharge'];
const security: Record<string, string[]>[] = [{ jwtToken: [] }, { bearer: [] }];

export function toRechargeRecord(recharge: RechargeView) {
  return {
    id: recharge.id,
    amount_cents: Number(recharge.amount_cents),
    fee_cents: Number(recharge.fee_cents),
    total_cents: Number(recharge.total_cents),
    status: recharge.status,
    created_at: recharge.created_at.toISOString(),
    paid_at: recharge.paid_at?.toISOString() ?? null,
  };
}

/** Balance top-ups (spec §7 "Recharge"). */
export function rechargeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const signedIn = requireAccount(ctx);
  return async (app) => {
    app.post(
      rechargePaths.pay,
      {
        onRequest: signedIn,
        schema: { tags, security, body: rechargePayBody, response: { 200: envelopeSchema(checkoutData) } },
      },
      async (request) => {
        const { amount, idempotency_key: idempotencyKey } = request.body;
        const checkout = await startRecharge(ctx, currentAccount(request), {
          amountCents: amount,
          idempotencyKey,
        });
        return passThrough(request, 'GoToPayment', checkout);
      },
    );

    app.post(
      rechargePaths.check,
      {
        onRequest: signedIn,
        schema: { tags, security, body: checkPayBody, response: { 200: envelopeSchema(checkPayData) } },
      },
      async (request) => {
        const { recharge, balanceCents } = await checkRecharge(
          ctx,
          currentAccount(request),
          request.body.recharge_id,
        );
        const data = { ...toRechargeRecord(recharge), balance_cents: Number(balanceCents) };
        // Still unpaid is not a failure of the call: its own code, which the client toasts and passes on.
        if (recharge.status === 'pending') throw new AppError('PaymentPending', {}, data);
        return ok(request, data);
      },
    );

    app.get(
      rechargePaths.record,
      {
        onRequest: signedIn,
        schema: {
          tags,
          security,
          querystring: pageQuery,
          response: { 200: envelopeSchema(pageOf(rechargeRecordSchema)) },
        },
      },
      async (request) => {
        const { page, page_size: pageSize } = request.query;
        const { list, total } = await listRecharges(ctx, currentAccount(request), page, pageSize);
        return ok(request, { list: list.map(toRechargeRecord), total, page, page_size: pageSize });
      },
    );
  };
}

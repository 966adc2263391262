import { adminCustomersEndpoints as calls } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { currentAccount } from '../../../plugins/auth';
import { endpointRoutes } from '../../../plugins/endpoint-routes';
import { sendCsv } from '../../../lib/csv';
import type { Actor } from '../../audit/audit.service';
import {
  changeCustomerRole,
  disableCustomer,
  enableCustomer,
  resendCustomerActivation,
  revokeCustomerSessions,
} from './customer-access.service';
import { adjustBalance, adjustTraffic } from './customer-adjust.service';
import { customerDetail } from './customer-detail.service';
import { customerLedger, customerLedgerCsv } from './customer-ledger.service';
import { customerOrders, customerSessions, customerTopups, customerUsage } from './customer-records.service';
import { listCustomers } from './customer-search.service';

/** The console's customers (docs/product.md#operator-console): find, read, and act on a customer's account. */
export function customersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['admin']);
    const actor = (request: Parameters<typeof currentAccount>[0]): Actor => ({
      operatorId: currentAccount(request).id,
    });
    const window = (input: { page: number; page_size: number }) => ({
      page: input.page,
      pageSize: input.page_size,
    });

    route(calls.list, async (request, input) => ok(request, await listCustomers(ctx, input)));
    route(calls.detail, async (request, input) => ok(request, await customerDetail(ctx, input.account_id)));

    // One route for a page of entries (JSON) and every entry of the filter as a file
    // (`format=csv`: adminCustomersLinks.ledgerCsv).
    route(calls.ledger, async (request, input, reply) => {
      const filter = { accountId: input.account_id, asset: input.asset, kind: input.kind };
      if (input.format === 'csv') return sendCsv(reply, await customerLedgerCsv(ctx, filter));
      return ok(request, await customerLedger(ctx, filter, window(input)));
    });
    route(calls.orders, async (request, input) =>
      ok(request, await customerOrders(ctx, input.account_id, window(input))),
    );
    route(calls.topups, async (request, input) =>
      ok(request, await customerTopups(ctx, input.account_id, window(input))),
    );
    route(calls.sessions, async (request, input) =>
      ok(request, await customerSessions(ctx, input.account_id, window(input))),
    );
    route(calls.usage, async (request, input) => ok(request, await customerUsage(ctx, input.account_id)));

    route(calls.adjustBalance, async (request, input) => {
      const done = await adjustBalance(ctx, actor(request), {
        accountId: input.account_id,
        amount: BigInt(input.amount),
        reason: input.reason,
        idempotencyKey: input.idempotency_key,
      });
      return ok(request, {
        ledger_entry_id: Number(done.ledgerEntryId),
        amount_cents: Number(done.amount),
        balance_cents: Number(done.balanceNow),
      });
    });
    route(calls.adjustTraffic, async (request, input) => {
      const done = await adjustTraffic(ctx, actor(request), {
        accountId: input.account_id,
        amount: BigInt(input.traffic),
        reason: input.reason,
        idempotencyKey: input.idempotency_key,
      });
      return ok(request, {
        ledger_entry_id: Number(done.ledgerEntryId),
        amount_bytes: Number(done.amount),
        traffic_left_bytes: Number(done.balanceNow),
      });
    });

    const action = (input: { account_id: number; reason: string }) => ({
      accountId: input.account_id,
      reason: input.reason,
    });
    route(calls.disable, async (request, input) =>
      ok(request, await disableCustomer(ctx, actor(request), action(input))),
    );
    route(calls.enable, async (request, input) =>
      ok(request, await enableCustomer(ctx, actor(request), action(input))),
    );
    route(calls.resendActivation, async (request, input) => {
      await resendCustomerActivation(ctx, actor(request), action(input));
      return ok(request, null);
    });
    route(calls.revokeSessions, async (request, input) =>
      ok(request, await revokeCustomerSessions(ctx, actor(request), action(input))),
    );
    route(calls.makeOperator, async (request, input) =>
      ok(request, await changeCustomerRole(ctx, actor(request), { ...action(input), role: 'operator' })),
    );
    route(calls.unmakeOperator, async (request, input) =>
      ok(request, await changeCustomerRole(ctx, actor(request), { ...action(input), role: 'customer' })),
    );
  };
}

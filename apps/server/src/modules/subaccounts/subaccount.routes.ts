import { subEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { currentAccount } from '../../plugins/auth';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import {
  addSubaccount,
  changeProxyPassword,
  changeRemark,
  changeLimits,
  changeStatus,
  listOwnSubaccounts,
  mainTrafficLeft,
} from './subaccount.service';
import { changeRefill } from './auto-refill.service';
import { changeSubAlerts } from './subaccount-alerts.service';
import { toSubAccount } from './subaccount-view';
import type { SubaccountRow } from './subaccount.repository';
import { deleteSubaccount, moveTraffic } from './traffic-transfer.service';

/** Sub-accounts: proxy users with their own traffic (docs/product.md#sub-accounts). */
export function subaccountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const view = (row: SubaccountRow, now = ctx.clock()) => toSubAccount(ctx.proxyPasswordKey, row, now);
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['sub-accounts']);

    route(subEndpoints.list, async (request, { page, page_size: pageSize, search, id }) => {
      const result = await listOwnSubaccounts(ctx, currentAccount(request), { page, pageSize, search, id });
      const now = ctx.clock();
      return ok(request, {
        list: result.list.map((row) => view(row, now)),
        total: result.total,
        page,
        page_size: pageSize,
        main_traffic_left_bytes: Number(result.mainTrafficLeft),
      });
    });

    route(subEndpoints.add, async (request, { username, password, remark, traffic, ...limits }) => {
      const sub = await addSubaccount(ctx, currentAccount(request), {
        username,
        password,
        remark,
        trafficBytes: BigInt(traffic ?? 0),
        limits,
      });
      return ok(request, view(sub));
    });

    route(subEndpoints.password, async (request, input) =>
      ok(request, view(await changeProxyPassword(ctx, currentAccount(request), input.id, input.password))),
    );
    route(subEndpoints.remark, async (request, input) =>
      ok(request, view(await changeRemark(ctx, currentAccount(request), input.id, input.remark))),
    );
    route(subEndpoints.limits, async (request, { id, ...limits }) =>
      ok(request, view(await changeLimits(ctx, currentAccount(request), id, limits))),
    );
    route(subEndpoints.refill, async (request, { id, ...refill }) =>
      ok(request, view(await changeRefill(ctx, currentAccount(request), id, refill))),
    );
    route(subEndpoints.alerts, async (request, { id, alert_percents: percents }) =>
      ok(request, view(await changeSubAlerts(ctx, currentAccount(request), id, percents))),
    );
    route(subEndpoints.status, async (request, input) =>
      ok(request, view(await changeStatus(ctx, currentAccount(request), input.id, input.status))),
    );

    route(subEndpoints.traffic, async (request, input) => {
      const owner = currentAccount(request);
      const sub = await moveTraffic(ctx, owner, {
        subaccountId: input.id,
        action: input.action,
        bytes: BigInt(input.traffic),
        requestId: input.request_id,
      });
      return ok(request, {
        sub: view(sub),
        main_traffic_left_bytes: Number(await mainTrafficLeft(ctx, owner)),
      });
    });

    route(subEndpoints.delete, async (request, input) => {
      const result = await deleteSubaccount(ctx, currentAccount(request), input.id);
      return ok(request, {
        id: input.id,
        recycled_bytes: Number(result.recycledBytes),
        main_traffic_left_bytes: Number(result.mainTrafficLeft),
      });
    });
  };
}

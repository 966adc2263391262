import {
  envelopeSchema,
  subAccountSchema,
  subAddBody,
  subDeleteData,
  subIdBody,
  subListData,
  subListQuery,
  subPasswordBody,
  subPaths,
  subRemarkBody,
  subStatusBody,
  subTrafficBody,
  subTrafficData,
} from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { getAndPost } from '../../lib/get-and-post';
import { ok } from '../../lib/reply';
import { currentAccount, requireAccount } from '../../plugins/auth';
import {
  addSubaccount,
  changeProxyPassword,
  changeRemark,
  changeStatus,
  listSubaccounts,
  mainTrafficLeft,
} from './subaccount.service';
import { toSubAccount } from './subaccount-view';
import { deleteSubaccount, moveTraffic } from './traffic-transfer.service';

const tags = ['sub-accounts'];
const security: Record<string, string[]>[] = [{ jwtToken: [] }, { bearer: [] }];

/** Sub-accounts: proxy users with their own traffic (spec §7 "Sub-accounts"). */
export function subaccountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const onRequest = requireAccount(ctx);
  const view = toSubAccount.bind(null, ctx.proxyPasswordKey);
  return async (app) => {
    app.get(
      subPaths.list,
      {
        onRequest,
        schema: { tags, security, querystring: subListQuery, response: { 200: envelopeSchema(subListData) } },
      },
      async (request) => {
        const { page, page_size: pageSize, search, id } = request.query;
        const result = await listSubaccounts(ctx, currentAccount(request), { page, pageSize, search, id });
        return ok(request, {
          list: result.list.map(view),
          total: result.total,
          page,
          page_size: pageSize,
          main_traffic_left_bytes: Number(result.mainTrafficLeft),
        });
      },
    );

    app.post(
      subPaths.add,
      {
        onRequest,
        schema: { tags, security, body: subAddBody, response: { 200: envelopeSchema(subAccountSchema) } },
      },
      async (request) => {
        const { username, password, remark, traffic } = request.body;
        const sub = await addSubaccount(ctx, currentAccount(request), {
          username,
          password,
          remark,
          trafficBytes: BigInt(traffic ?? 0),
        });
        return ok(request, view(sub));
      },
    );

    const single = { onRequest, tags, security, output: subAccountSchema };
    getAndPost(app, subPaths.password, { ...single, input: subPasswordBody }, async (request, input) =>
      ok(request, view(await changeProxyPassword(ctx, currentAccount(request), input.id, input.password))),
    );
    getAndPost(app, subPaths.remark, { ...single, input: subRemarkBody }, async (request, input) =>
      ok(request, view(await changeRemark(ctx, currentAccount(request), input.id, input.remark))),
    );
    getAndPost(app, subPaths.status, { ...single, input: subStatusBody }, async (request, input) =>
      ok(request, view(await changeStatus(ctx, currentAccount(request), input.id, input.status))),
    );

    getAndPost(
      app,
      subPaths.traffic,
      { onRequest, tags, security, input: subTrafficBody, output: subTrafficData },
      async (request, input) => {
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
      },
    );

    getAndPost(
      app,
      subPaths.delete,
      { onRequest, tags, security, input: subIdBody, output: subDeleteData },
      async (request, input) => {
        const result = await deleteSubaccount(ctx, currentAccount(request), input.id);
        return ok(request, {
          id: input.id,
          recycled_bytes: Number(result.recycledBytes),
          main_traffic_left_bytes: Number(result.mainTrafficLeft),
        });
      },
    );
  };
}

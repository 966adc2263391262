import { adminExitsEndpoints as calls } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { currentAccount } from '../../../plugins/auth';
import { endpointRoutes } from '../../../plugins/endpoint-routes';
import { createExit, listExits, setExitEnabled, updateExitSettings } from '../../exits/exit-admin.service';

/** The exit pool page of the console (decision 030): the services live with the pool in modules/exits. */
export function exitsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['admin']);
    const actor = (request: Parameters<typeof currentAccount>[0]) => ({
      operatorId: currentAccount(request).id,
    });

    route(calls.list, async (request, input) => ok(request, await listExits(ctx, input)));
    route(calls.create, async (request, input) => ok(request, await createExit(ctx, actor(request), input)));
    route(calls.update, async (request, input) =>
      ok(request, await updateExitSettings(ctx, actor(request), input)),
    );
    route(calls.disable, async (request, input) =>
      ok(request, await setExitEnabled(ctx, actor(request), input, false)),
    );
    route(calls.enable, async (request, input) =>
      ok(request, await setExitEnabled(ctx, actor(request), input, true)),
    );
  };
}

import { accountEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { currentAccount, currentSession } from '../../../plugins/auth';
import { endpointRoutes } from '../../../plugins/endpoint-routes';
import { subaccountsFiguresOf } from '../traffic-left.service';
import { changePassword, refreshSession, regenerateApiToken, setLanguage, toUserInfo } from './user.service';

/** The signed-in account's own calls (docs/product.md#account). */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['user']);

    // One SQL statement in all: the auth read returns the account's row with its sub-accounts' figures.
    route(accountEndpoints.userInfo, async (request) => {
      const account = currentAccount(request);
      return ok(request, toUserInfo(account, subaccountsFiguresOf(account)));
    });

    route(accountEndpoints.refreshToken, async (request) =>
      ok(request, await refreshSession(ctx, currentAccount(request), currentSession(request))),
    );

    route(accountEndpoints.changePassword, async (request, input) => {
      const session = await changePassword(ctx, currentAccount(request), currentSession(request), input);
      return ok(request, session, 'PasswordChanged');
    });

    route(accountEndpoints.genToken, async (request) =>
      ok(request, { api_token: await regenerateApiToken(ctx, currentAccount(request)) }),
    );

    route(accountEndpoints.setLang, async (request, { lang }) => {
      const account = currentAccount(request);
      await setLanguage(ctx, account, lang);
      // The answer's `msg` is already in the language just chosen.
      request.account = { ...account, lang };
      return ok(request, null);
    });
  };
}

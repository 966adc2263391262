import {
  accountPaths,
  apiTokenData,
  changePasswordBody,
  envelopeSchema,
  sessionSchema,
  setLangBody,
  userInfoData,
} from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { currentAccount, currentSession, requireAccount } from '../../../plugins/auth';
import { subaccountsTrafficUsed } from '../../subaccounts/subaccount.service';
import { changePassword, refreshSession, regenerateApiToken, setLanguage, toUserInfo } from './user.service';

const tags = ['user'];
const security: Record<string, string[]>[] = [{ jwtToken: [] }, { bearer: [] }];

/** The signed-in account's own calls (spec §7 "Auth and account"). */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const anyCredential = requireAccount(ctx);
  const sessionOnly = requireAccount(ctx, { sessionOnly: true });
  return async (app) => {
    app.get(
      accountPaths.userInfo,
      {
        onRequest: anyCredential,
        schema: { tags, security, response: { 200: envelopeSchema(userInfoData) } },
      },
      async (request) => {
        const account = currentAccount(request);
        return ok(request, toUserInfo(account, await subaccountsTrafficUsed(ctx, account.id)));
      },
    );

    app.get(
      accountPaths.refreshToken,
      {
        onRequest: sessionOnly,
        schema: { tags, security, response: { 200: envelopeSchema(sessionSchema) } },
      },
      async (request) =>
        ok(request, await refreshSession(ctx, currentAccount(request), currentSession(request))),
    );

    app.post(
      accountPaths.changePassword,
      {
        onRequest: sessionOnly,
        schema: {
          tags,
          security,
          body: changePasswordBody,
          response: { 200: envelopeSchema(sessionSchema) },
        },
      },
      async (request) =>
        ok(
          request,
          await changePassword(ctx, currentAccount(request), currentSession(request), request.body),
          'PasswordChanged',
        ),
    );

    app.post(
      accountPaths.genToken,
      { onRequest: sessionOnly, schema: { tags, security, response: { 200: envelopeSchema(apiTokenData) } } },
      async (request) => ok(request, { api_token: await regenerateApiToken(ctx, currentAccount(request)) }),
    );

    app.post(
      accountPaths.setLang,
      {
        onRequest: anyCredential,
        schema: { tags, security, body: setLangBody, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        const account = currentAccount(request);
        await setLanguage(ctx, account, request.body.lang);
        request.account = { ...account, lang: request.body.lang };
        return ok(request, null);
      },
    );
  };
}

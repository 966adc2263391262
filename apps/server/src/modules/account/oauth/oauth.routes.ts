import cookie from '@fastify/cookie';
import {
  accountPaths,
  envelopeSchema,
  langFromAcceptLanguage,
  oauthCallbackQuery,
  oauthLoginBody,
  oauthProvidersData,
  oauthStartQuery,
} from '@resiport/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { ok } from '../../../lib/reply';
import { clientOf } from '../session/session.service';
import { signInReply, signInResponse } from '../sign-in-reply';
import { completeOAuthLogin, finishOAuth, startOAuth } from './oauth-flow.service';
import type { ProviderName } from './providers';

const tags = ['account'];
const BINDING_COOKIE = 'rp_oauth';

/** Google and Yandex sign-in: page redirects out to the provider and back, then a code-for-session call. */
export function oauthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const loginPage = `${ctx.config.publicUrl}/client/user/login`;
  const secure = ctx.config.publicUrl.startsWith('https://');

  const failTo = (reply: FastifyReply, provider: ProviderName, error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    const reason =
      error.codeName === 'OAuthUnavailable'
        ? 'unavailable'
        : error.codeName === 'AccountDisabled'
          ? 'disabled'
          : 'failed';
    return reply.redirect(`${loginPage}?oauth=${reason}&provider=${provider}`);
  };

  return async (app) => {
    // Only the OAuth routes read cookies (the browser binding); no per-request cost elsewhere.
    await app.register(cookie);

    app.get(
      accountPaths.oauthProviders,
      { schema: { tags, response: { 200: envelopeSchema(oauthProvidersData) } } },
      async (request) =>
        ok(request, { google: Boolean(ctx.config.oauth.google), yandex: Boolean(ctx.config.oauth.yandex) }),
    );

    for (const [provider, start, callback] of [
      ['google', accountPaths.googleStart, accountPaths.googleCallback],
      ['yandex', accountPaths.yandexStart, accountPaths.yandexCallback],
    ] as const) {
      app.get(start, { schema: { tags, querystring: oauthStartQuery } }, async (request, reply) => {
        try {
          const { url, browserBinding } = await startOAuth(ctx, provider, request.query.redirect);
          reply.setCookie(BINDING_COOKIE, browserBinding, {
            path: '/api/account',
            httpOnly: true,
            sameSite: 'lax',
            secure,
            maxAge: 600,
          });
          return await reply.redirect(url);
        } catch (error) {
          return failTo(reply, provider, error);
        }
      });

      app.get(callback, { schema: { tags, querystring: oauthCallbackQuery } }, async (request, reply) => {
        reply.clearCookie(BINDING_COOKIE, { path: '/api/account' });
        try {
          const { loginCode, redirectPath } = await finishOAuth(ctx, provider, {
            code: request.query.code,
            state: request.query.state,
            browserBinding: request.cookies[BINDING_COOKIE],
            lang: langFromAcceptLanguage(request.headers['accept-language']),
          });
          const next = redirectPath ? `&redirect=${encodeURIComponent(redirectPath)}` : '';
          return await reply.redirect(`${loginPage}?oauth_code=${loginCode}${next}`);
        } catch (error) {
          return failTo(reply, provider, error);
        }
      });
    }

    app.post(
      accountPaths.oauthLogin,
      { schema: { tags, body: oauthLoginBody, response: { 200: signInResponse } } },
      async (request) =>
        signInReply(request, await completeOAuthLogin(ctx, request.body.code, clientOf(request))),
    );
  };
}

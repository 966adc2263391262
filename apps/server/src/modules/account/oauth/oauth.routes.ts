import cookie from '@fastify/cookie';
import { accountEndpoints, accountLinks, langFromAcceptLanguage } from '@resiport/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { ok } from '../../../lib/reply';
import { clientOf } from '../session/session.service';
import { endpointRoutes } from '../../../plugins/endpoint-routes';
import { signInReply } from '../sign-in-reply';
import { completeOAuthLogin, finishOAuth, startOAuth } from './oauth-flow.service';
import type { ProviderName } from './providers';
import { portalUrl } from '../../../lib/portal-url';

const BINDING_COOKIE = 'rp_oauth';

/** Google and Yandex sign-in: page redirects out to the provider and back, then a code-for-session call. */
export function oauthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Read when answering: the public URL is settled only once the server listens (context.ts).
  const loginPage = () => portalUrl(ctx.config.publicUrl, '/user/login');

  const failTo = (reply: FastifyReply, provider: ProviderName, error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    const reason =
      error.codeName === 'OAuthUnavailable'
        ? 'unavailable'
        : error.codeName === 'AccountDisabled'
          ? 'disabled'
          : 'failed';
    return reply.redirect(`${loginPage()}?oauth=${reason}&provider=${provider}`);
  };

  return async (app) => {
    // Only the OAuth routes read cookies (the browser binding); no per-request cost elsewhere.
    await app.register(cookie);

    const { route, link } = endpointRoutes(app, ctx, ['account']);
    const { oauth } = ctx.config;
    route(accountEndpoints.oauthProviders, async (request) =>
      ok(request, { google: Boolean(oauth.google), yandex: Boolean(oauth.yandex) }),
    );

    for (const [provider, start, callback] of [
      ['google', accountLinks.googleStart, accountLinks.googleCallback],
      ['yandex', accountLinks.yandexStart, accountLinks.yandexCallback],
    ] as const) {
      link(start, async (request, query, reply) => {
        try {
          const { url, browserBinding } = await startOAuth(ctx, provider, query.redirect);
          reply.setCookie(BINDING_COOKIE, browserBinding, {
            path: '/api/account',
            httpOnly: true,
            sameSite: 'lax',
            secure: ctx.config.publicUrl.startsWith('https://'),
            maxAge: 600,
          });
          return await reply.redirect(url);
        } catch (error) {
          return failTo(reply, provider, error);
        }
      });

      link(callback, async (request, query, reply) => {
        reply.clearCookie(BINDING_COOKIE, { path: '/api/account' });
        try {
          const { loginCode, redirectPath } = await finishOAuth(ctx, provider, {
            code: query.code,
            state: query.state,
            browserBinding: request.cookies[BINDING_COOKIE],
            lang: langFromAcceptLanguage(request.headers['accept-language']),
          });
          const next = redirectPath ? `&redirect=${encodeURIComponent(redirectPath)}` : '';
          return await reply.redirect(`${loginPage()}?oauth_code=${loginCode}${next}`);
        } catch (error) {
          return failTo(reply, provider, error);
        }
      });
    }

    route(accountEndpoints.oauthLogin, async (request, { code }) =>
      signInReply(request, await completeOAuthLogin(ctx, code, clientOf(request))),
    );
  };
}

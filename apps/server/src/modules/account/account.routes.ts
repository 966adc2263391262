import { accountEndpoints, accountLinks, activationResult, langFromAcceptLanguage } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ok } from '../../lib/reply';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { enforceIpRateLimit, enforceRateLimit } from '../rate-limit/rate-limiter';
import { logIn } from './log-in.service';
import { clientOf } from './session/session.service';
import { finishTwoFactorSignIn } from './sign-in.service';
import { signInReply } from './sign-in-reply';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset.service';
import { activate, resendActivation, signUp } from './sign-up.service';
import { portalUrl } from '../../lib/portal-url';
import { unlockTwoFactor } from './two-factor/two-factor-lock';

/** Public account calls (docs/product.md#account): sign-up, activation, sign-in, password recovery. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route, link } = endpointRoutes(app, ctx, ['account']);

    route(accountEndpoints.login, async (request, input) =>
      signInReply(request, await logIn(ctx, input, clientOf(request))),
    );

    route(accountEndpoints.twoFactorLogin, async (request, input) =>
      ok(request, await finishTwoFactorSignIn(ctx, input, clientOf(request))),
    );

    route(accountEndpoints.signup, async (request, { email, password, lang }) => {
      await enforceRateLimit(ctx, 'signup', { ip: request.ip, email });
      const language = lang ?? langFromAcceptLanguage(request.headers['accept-language']);
      await signUp(ctx, { email, password, lang: language });
      return ok(request, null, 'ActivationSent');
    });

    route(accountEndpoints.resendActivation, async (request, { email }) => {
      await enforceRateLimit(ctx, 'resendActivation', { ip: request.ip, email });
      await resendActivation(ctx, email);
      return ok(request, null, 'ActivationSent');
    });

    // The link in the activation mail: a browser lands here and is sent on to the sign-in page.
    link(accountLinks.activate, async (request, { token }, reply) => {
      const result = await activate(ctx, token).then(
        (outcome) => (outcome === 'activated' ? activationResult.ok : activationResult.alreadyActive),
        (error: unknown) => {
          if (error instanceof AppError && error.codeName === 'InvalidLink') return activationResult.invalid;
          throw error;
        },
      );
      return reply.redirect(portalUrl(ctx.config.publicUrl, '/user/login', { activation: result }));
    });

    // The link in the "too many wrong codes" mail: the second step takes authenticator codes again.
    link(accountLinks.unlockTwoFactor, async (_request, { token }, reply) => {
      const unlocked = token !== undefined && (await unlockTwoFactor(ctx, token));
      return reply.redirect(
        portalUrl(ctx.config.publicUrl, '/user/login', { unlock: unlocked ? 'ok' : 'invalid' }),
      );
    });

    route(accountEndpoints.forgetPwd, async (request, { email }) => {
      await enforceRateLimit(ctx, 'forgetPwd', { ip: request.ip, email });
      await requestPasswordReset(ctx, email);
      return ok(request, null, 'ResetLinkSent');
    });

    route(accountEndpoints.checkResetLink, async (request, { token }) => {
      await enforceIpRateLimit(ctx, 'checkResetLink', request.ip);
      return ok(request, await checkResetLink(ctx, token));
    });

    route(accountEndpoints.resetPwd, async (request, input) => {
      await resetPassword(ctx, input);
      return ok(request, null, 'PasswordReset');
    });
  };
}

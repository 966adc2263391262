import {
  accountPaths,
  activationResult,
  emailBody,
  envelopeSchema,
  langFromAcceptLanguage,
  linkTokenQuery,
  loginBody,
  resetPasswordBody,
  securityPaths,
  sessionSchema,
  signupBody,
  twoFactorLoginBody,
} from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { ok } from '../../lib/reply';
import { enforceRateLimit } from '../rate-limit/rate-limiter';
import { logIn } from './log-in.service';
import { clientOf } from './session/session.service';
import { finishTwoFactorSignIn } from './sign-in.service';
import { signInReply, signInResponse } from './sign-in-reply';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { activate, resendActivation, signUp } from './sign-up.service';

const tags = ['account'];
const empty = { 200: envelopeSchema(z.null()) };

/** Public account calls (spec §7 "Auth and account"): sign-up, activation, sign-in, password recovery. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      accountPaths.login,
      { schema: { tags, body: loginBody, response: { 200: signInResponse } } },
      async (request) => {
        return signInReply(request, await logIn(ctx, request.body, clientOf(request)));
      },
    );

    app.post(
      securityPaths.twoFactorLogin,
      { schema: { tags, body: twoFactorLoginBody, response: { 200: envelopeSchema(sessionSchema) } } },
      async (request) => ok(request, await finishTwoFactorSignIn(ctx, request.body, clientOf(request))),
    );

    app.post(
      accountPaths.signup,
      { schema: { tags, body: signupBody, response: empty } },
      async (request) => {
        const { email, password, lang } = request.body;
        await enforceRateLimit(ctx, 'signup', { ip: request.ip, email });
        await signUp(ctx, {
          email,
          password,
          lang: lang ?? langFromAcceptLanguage(request.headers['accept-language']),
        });
        return ok(request, null, 'ActivationSent');
      },
    );

    app.post(
      accountPaths.resendActivation,
      { schema: { tags, body: emailBody, response: empty } },
      async (request) => {
        await enforceRateLimit(ctx, 'resendActivation', { ip: request.ip, email: request.body.email });
        await resendActivation(ctx, request.body.email);
        return ok(request, null, 'ActivationSent');
      },
    );

    // The link in the activation mail: a browser lands here and is sent on to the sign-in page.
    app.get(
      accountPaths.activate,
      { schema: { tags, querystring: linkTokenQuery } },
      async (request, reply) => {
        const result = await activate(ctx, request.query.token).then(
          () => activationResult.ok,
          (error: unknown) => {
            if (error instanceof AppError && error.codeName === 'InvalidLink') {
              return activationResult.invalid;
            }
            throw error;
          },
        );
        return reply.redirect(`${ctx.config.publicUrl}/client/user/login?activation=${result}`);
      },
    );

    app.post(
      accountPaths.forgetPwd,
      { schema: { tags, body: emailBody, response: empty } },
      async (request) => {
        await enforceRateLimit(ctx, 'forgetPwd', { ip: request.ip, email: request.body.email });
        await requestPasswordReset(ctx, request.body.email);
        return ok(request, null, 'ResetLinkSent');
      },
    );

    app.post(
      accountPaths.resetPwd,
      { schema: { tags, body: resetPasswordBody, response: empty } },
      async (request) => {
        await resetPassword(ctx, request.body);
        return ok(request, null, 'PasswordReset');
      },
    );
  };
}

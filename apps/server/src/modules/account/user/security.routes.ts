import {
  envelopeSchema,
  recoveryCodesData,
  securityData,
  securityPaths,
  sessionIdBody,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorSetupData,
} from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { currentAccount, currentSession, requireAccount } from '../../../plugins/auth';
import { signOutSession } from '../session/session.service';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from '../two-factor/two-factor.service';
import { securityOverview } from './security-overview';
import { signOutEverywhere } from './user.service';

const tags = ['user'];
const security: Record<string, string[]>[] = [{ jwtToken: [] }, { bearer: [] }];
const empty = { 200: envelopeSchema(z.null()) };

/**
 * Account security (decision 021): two-factor sign-in, sessions and the developer token's state.
 * Every call needs a person's session: a developer token can neither see nor change them.
 */
export function securityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const onRequest = requireAccount(ctx, { sessionOnly: true });
  return async (app) => {
    app.get(
      securityPaths.overview,
      { onRequest, schema: { tags, security, response: { 200: envelopeSchema(securityData) } } },
      async (request) =>
        ok(request, await securityOverview(ctx, currentAccount(request), currentSession(request))),
    );

    app.post(
      securityPaths.twoFactorSetup,
      { onRequest, schema: { tags, security, response: { 200: envelopeSchema(twoFactorSetupData) } } },
      async (request) => ok(request, await startTwoFactorSetup(ctx, currentAccount(request))),
    );

    app.post(
      securityPaths.twoFactorEnable,
      {
        onRequest,
        schema: {
          tags,
          security,
          body: twoFactorEnableBody,
          response: { 200: envelopeSchema(recoveryCodesData) },
        },
      },
      async (request) =>
        ok(
          request,
          await enableTwoFactor(ctx, currentAccount(request), request.body.code),
          'TwoFactorEnabled',
        ),
    );

    app.post(
      securityPaths.twoFactorDisable,
      { onRequest, schema: { tags, security, body: twoFactorDisableBody, response: empty } },
      async (request) => {
        await disableTwoFactor(ctx, currentAccount(request), request.body);
        return ok(request, null, 'TwoFactorDisabled');
      },
    );

    app.post(
      securityPaths.revokeSession,
      { onRequest, schema: { tags, security, body: sessionIdBody, response: empty } },
      async (request) => {
        await signOutSession(ctx, currentAccount(request).id, request.body.id);
        return ok(request, null);
      },
    );

    app.post(
      securityPaths.signOutEverywhere,
      { onRequest, schema: { tags, security, response: empty } },
      async (request) => {
        await signOutEverywhere(ctx, currentAccount(request), currentSession(request));
        return ok(request, null, 'SessionsRevoked');
      },
    );
  };
}

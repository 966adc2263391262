import { securityEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { currentAccount, currentSession } from '../../../plugins/auth';
import { endpointRoutes } from '../../../plugins/endpoint-routes';
import { signOutSession } from '../session/session.service';
import {
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  startTwoFactorSetup,
} from '../two-factor/two-factor.service';
import { securityOverview } from './security-overview';
import { signOutEverywhere } from './user.service';

/**
 * Account security (decision 021): two-factor sign-in, sessions and the developer token's state.
 * Every call needs a person's session (`auth: 'session'`): a developer token can neither see nor change them.
 */
export function securityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['user']);

    route(securityEndpoints.overview, async (request) =>
      ok(request, await securityOverview(ctx, currentAccount(request), currentSession(request))),
    );
    route(securityEndpoints.twoFactorSetup, async (request) =>
      ok(request, await startTwoFactorSetup(ctx, currentAccount(request))),
    );
    route(securityEndpoints.twoFactorEnable, async (request, { code }) =>
      ok(request, await enableTwoFactor(ctx, currentAccount(request), code), 'TwoFactorEnabled'),
    );
    route(securityEndpoints.recoveryCodesRenew, async (request, { code }) =>
      ok(request, await renewRecoveryCodes(ctx, currentAccount(request), code)),
    );
    route(securityEndpoints.twoFactorDisable, async (request, input) => {
      await disableTwoFactor(ctx, currentAccount(request), input);
      return ok(request, null, 'TwoFactorDisabled');
    });
    route(securityEndpoints.revokeSession, async (request, { id }) => {
      await signOutSession(ctx, currentAccount(request).id, id, 'signed_out_elsewhere');
      return ok(request, null);
    });
    route(securityEndpoints.signOut, async (request) => {
      await signOutSession(ctx, currentAccount(request).id, currentSession(request).sessionId, 'signed_out');
      return ok(request, null);
    });
    route(securityEndpoints.signOutEverywhere, async (request) => {
      await signOutEverywhere(ctx, currentAccount(request), currentSession(request));
      return ok(request, null, 'SessionsRevoked');
    });
  };
}

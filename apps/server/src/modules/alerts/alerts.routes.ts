import { alertEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { currentAccount } from '../../plugins/auth';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { enforceAccountRateLimit } from '../rate-limit/rate-limiter';
import { startDueDeliveries } from './alert-delivery.service';
import {
  alertsOf,
  changeAlerts,
  requireAlertChannel,
  rotateWebhookSecret,
  sendTestAlert,
} from './alerts.service';

/** The account's alerts (decision 039): settings, the delivery log, a test, a new signing secret. */
export function alertRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['user']);

    route(alertEndpoints.get, async (request) =>
      ok(request, await alertsOf(ctx, currentAccount(request).id, { operator: request.viewerId !== null })),
    );
    route(alertEndpoints.update, async (request, input) =>
      ok(request, await changeAlerts(ctx, currentAccount(request).id, input)),
    );
    route(alertEndpoints.test, async (request) => {
      // Each test is up to six POSTs to an address the customer chose: bounded per account. A test
      // refused for want of a channel does not count.
      await requireAlertChannel(ctx, currentAccount(request).id);
      await enforceAccountRateLimit(ctx, 'alertTest', currentAccount(request).id);
      const answer = await sendTestAlert(ctx, currentAccount(request).id);
      // Sent now rather than at the next tick (the customer is waiting for it), in the same room as the job's.
      void startDueDeliveries(ctx).catch((error: unknown) =>
        ctx.log.error({ err: error }, 'alert delivery failed'),
      );
      return ok(request, answer);
    });
    route(alertEndpoints.rotateSecret, async (request) =>
      ok(request, await rotateWebhookSecret(ctx, currentAccount(request).id)),
    );
  };
}

import {
  credentialsData,
  credentialsRequest,
  envelopeSchema,
  gatewayEventsData,
  gatewayEventsQuery,
  internalGatewayPaths as paths,
  internalGatewaySessionPath,
  leaseData,
  leaseRequest,
  releaseData,
  releaseRequest,
  sessionData,
  sessionRequest,
  MAX_USAGE_BATCH_BODY_BYTES,
  usageBatchData,
  usageBatchRequest,
  whitelistLookupData,
  whitelistLookupRequest,
} from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { lookupCredentials, lookupWhitelistedIp } from './credentials.service';
import { eventsAfter } from './gateway-events.service';
import { requireInternalSecret } from './internal-auth';
import { grantLease, keyOf, releaseLease } from './lease.service';
import { sessionEpoch } from './session.service';
import { applyUsageBatch } from './usage.service';
import { recordFeedCursor } from './voids-applied';

const tags = ['internal: gateway'];

/**
 * Calls from gateway processes (design §8): who a proxy user is, leases, usage, the change feed,
 * sticky session epochs.
 */
export function gatewayLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const onRequest = requireInternalSecret(ctx);
  return async (app) => {
    // Gateways' feed calls wait for changes (a long poll): a closing server answers them at once.
    const closing = new AbortController();
    app.addHook('preClose', async () => {
      closing.abort();
    });
    app.post(
      paths.credentials,
      {
        onRequest,
        schema: { tags, body: credentialsRequest, response: { 200: envelopeSchema(credentialsData) } },
      },
      async (request) => ok(request, await lookupCredentials(ctx, request.body.username)),
    );
    app.post(
      paths.whitelist,
      {
        onRequest,
        schema: {
          tags,
          body: whitelistLookupRequest,
          response: { 200: envelopeSchema(whitelistLookupData) },
        },
      },
      async (request) => ok(request, { account_id: await lookupWhitelistedIp(ctx, request.body.ip) }),
    );
    app.post(
      paths.lease,
      { onRequest, schema: { tags, body: leaseRequest, response: { 200: envelopeSchema(leaseData) } } },
      async (request) => {
        const lease = await grantLease(
          ctx,
          keyOf(request.body.instance_id, request.body),
          BigInt(request.body.want_bytes),
        );
        return ok(request, {
          lease_id: lease.leaseId,
          granted_bytes: Number(lease.granted),
          exhausted: lease.exhausted,
          revoked: lease.revoked,
          expires_at: lease.expiresAt.toISOString(),
        });
      },
    );
    app.post(
      paths.release,
      { onRequest, schema: { tags, body: releaseRequest, response: { 200: envelopeSchema(releaseData) } } },
      async (request) =>
        ok(request, {
          returned_bytes: Number(await releaseLease(ctx, keyOf(request.body.instance_id, request.body))),
        }),
    );
    app.post(
      paths.usage,
      {
        // The secret is checked in onRequest, before any of a large body is read.
        onRequest,
        bodyLimit: MAX_USAGE_BATCH_BODY_BYTES,
        schema: { tags, body: usageBatchRequest, response: { 200: envelopeSchema(usageBatchData) } },
      },
      async (request) => {
        const { batch_id: batchId, instance_id: instanceId, entries } = request.body;
        return ok(request, { applied: await applyUsageBatch(ctx, { batchId, instanceId, entries }) });
      },
    );
    app.get(
      paths.events,
      {
        onRequest,
        schema: {
          tags,
          querystring: gatewayEventsQuery,
          response: { 200: envelopeSchema(gatewayEventsData) },
        },
      },
      async (request) => {
        const { after, wait_ms: ms, instance_id: instanceId } = request.query;
        if (instanceId !== undefined) await recordFeedCursor(ctx, instanceId, after);
        return ok(request, await eventsAfter(ctx.db, after, { ms, stop: closing.signal }));
      },
    );
    app.post(
      internalGatewaySessionPath,
      { onRequest, schema: { tags, body: sessionRequest, response: { 200: envelopeSchema(sessionData) } } },
      async (request) => {
        const { session_id: sessionId, minutes, ...owner } = request.body;
        const { epoch, expiresInMs } = await sessionEpoch(ctx, { owner, sessionId, minutes });
        return ok(request, { epoch, expires_in_ms: expiresInMs });
      },
    );
  };
}

import { internalGatewayEndpoints as calls, MAX_USAGE_BATCH_BODY_BYTES } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { gatewayPool } from '../exits/exit-pool.service';
import { recordExitHealth } from '../exits/exit-reports.service';
import { lookupCredentials, lookupWhitelistedIp } from './credentials.service';
import { eventsAfter, lastGatewayEventId } from '../gateway-feed/gateway-events.service';
import { keyOf, releaseLease, releaseLeases, type LeaseGrant } from './lease.service';
import { grantLeases } from './lease-batch.service';
import { sessionEpoch } from './session.service';
import { applyUsageBatch } from './usage.service';
import { recordFeedCursor } from '../gateway-feed/voids-applied.service';

/**
 * Calls from gateway processes (docs/architecture.md#gateway-principles): who a proxy user is, leases, usage, the change feed,
 * sticky session epochs, the exit pool and its health (decision 030). The internal secret is checked in onRequest, before any of a body is read.
 */
export function gatewayLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['internal: gateway']);
    // Gateways' feed calls wait for changes (a long poll): a closing server answers them at once.
    const closing = new AbortController();
    app.addHook('preClose', async () => {
      closing.abort();
    });

    route(calls.credentials, async (request, { username }) =>
      ok(request, await lookupCredentials(ctx, username)),
    );
    route(calls.whitelist, async (request, { ip }) =>
      ok(request, { account_id: await lookupWhitelistedIp(ctx, ip) }),
    );
    route(calls.lease, async (request, { instance_id: instanceId, want_bytes: want, ...owner }) => {
      const [lease] = await grantLeases(ctx, instanceId, [wantOf({ ...owner, want_bytes: want })]);
      if (!lease) throw new Error('a batch answers every want');
      return ok(request, leaseAnswer(lease));
    });
    route(calls.leases, async (request, { instance_id: instanceId, wants }) => {
      const leases = await grantLeases(ctx, instanceId, wants.map(wantOf));
      return ok(request, { leases: leases.map(leaseAnswer) });
    });
    route(calls.release, async (request, input) =>
      ok(request, { returned_bytes: Number(await releaseLease(ctx, keyOf(input.instance_id, input))) }),
    );
    route(calls.releases, async (request, { instance_id: instanceId, owners }) => {
      const keys = owners.map((o) => ({ accountId: o.account_id, subaccountId: o.subaccount_id }));
      const returned = await releaseLeases(ctx, instanceId, keys);
      return ok(request, { returned_bytes: returned.map(Number) });
    });
    route(
      calls.usage,
      async (request, { batch_id: batchId, instance_id: instanceId, entries, exits }) =>
        ok(request, { applied: await applyUsageBatch(ctx, { batchId, instanceId, entries, exits }) }),
      { bodyLimit: MAX_USAGE_BATCH_BODY_BYTES },
    );
    route(calls.events, async (request, { after, wait_ms: ms, instance_id: instanceId }) => {
      if (instanceId !== undefined) await recordFeedCursor(ctx, instanceId, after);
      return ok(request, await eventsAfter(ctx.db, after, { ms, stop: closing.signal }));
    });
    route(calls.eventsHead, async (request) => ok(request, { last_id: await lastGatewayEventId(ctx.db) }));
    route(calls.session, async (request, { session_id: sessionId, minutes, ...owner }) => {
      const { epoch, expiresInMs } = await sessionEpoch(ctx, { owner, sessionId, minutes });
      return ok(request, { epoch, expires_in_ms: expiresInMs });
    });
    // The upstream passwords travel here unsealed: the internal API is for the internal network only.
    route(calls.exits, async (request) => ok(request, await gatewayPool(ctx)));
    route(calls.exitHealth, async (request, { instance_id: instanceId, exits }) =>
      ok(request, { recorded: await recordExitHealth(ctx, instanceId, exits) }),
    );
  };
}

const wantOf = (w: { account_id: number; subaccount_id: number | null; want_bytes: number }) => ({
  accountId: w.account_id,
  subaccountId: w.subaccount_id,
  want: BigInt(w.want_bytes),
});

const leaseAnswer = (lease: LeaseGrant) => ({
  lease_id: lease.leaseId,
  granted_bytes: Number(lease.granted),
  exhausted: lease.exhausted,
  revoked: lease.revoked,
  ...(lease.stop ? { stop: lease.stop } : {}),
  expires_at: lease.expiresAt.toISOString(),
});

import { internalGatewayEndpoints as endpoints } from '@resiport/contract';
import { ownerKey, type FakeServer } from './fake-server';

/** What the fake answers one internal call with: the HTTP status and the envelope's code and data. */
export interface CallAnswer {
  status: number;
  code: number;
  data: unknown;
}

const reply = (status: number, code: number, data: unknown): CallAnswer => ({ status, code, data });
const INVALID = reply(400, 10001, { fields: {} });

/**
 * The internal gateway calls as the real server carries them out (apps/server/src/modules/gateway-link),
 * on the fake's state: credentials and whitelist look-ups, leases taken out of what is left, usage
 * applied once per batch id, releases, the change feed, session epochs and the exit pool.
 */
export function answerInternalCall(
  fake: FakeServer,
  call: { path: string; method: string; body: unknown; query: URLSearchParams },
): CallAnswer {
  switch (call.path) {
    case endpoints.credentials.path: {
      const parsed = endpoints.credentials.request.safeParse(call.body);
      if (!parsed.success) return INVALID;
      const user = fake.users.get(parsed.data.username.toLowerCase());
      if (!user || user.deleted) {
        return reply(200, 0, {
          found: false,
          account_id: null,
          subaccount_id: null,
          active: false,
          verifier: null,
        });
      }
      return reply(200, 0, {
        found: true,
        ...user.owner,
        active: user.active,
        verifier: fake.verifier(user.password),
      });
    }
    case endpoints.whitelist.path: {
      const parsed = endpoints.whitelist.request.safeParse(call.body);
      if (!parsed.success) return INVALID;
      return reply(200, 0, { account_id: fake.whitelist.get(parsed.data.ip) ?? null });
    }
    case endpoints.lease.path: {
      const parsed = endpoints.lease.request.safeParse(call.body);
      if (!parsed.success) return INVALID;
      const { instance_id, want_bytes, ...owner } = parsed.data;
      return reply(200, 0, grant(fake, instance_id, owner, want_bytes));
    }
    case endpoints.leases.path: {
      const parsed = endpoints.leases.request.safeParse(call.body);
      if (!parsed.success) return INVALID;
      const { instance_id, wants } = parsed.data;
      return reply(200, 0, {
        leases: wants.map(({ want_bytes, ...owner }) => grant(fake, instance_id, owner, want_bytes)),
      });
    }
    case endpoints.release.path: {
      const parsed = endpoints.release.request.safeParse(call.body);
      if (!parsed.success) return INVALID;
      const { instance_id, ...owner } = parsed.data;
      return reply(200, 0, { returned_bytes: release(fake, instance_id, owner) });
    }
    case endpoints.releases.path: {
      const parsed = endpoints.releases.request.safeParse(call.body);
      if (!parsed.success) return INVALID;
      const { instance_id, owners } = parsed.data;
      return reply(200, 0, { returned_bytes: owners.map((owner) => release(fake, instance_id, owner)) });
    }
    case endpoints.usage.path: {
      const parsed = endpoints.usage.request.safeParse(call.body);
      if (!parsed.success) return INVALID;
      if (fake.batches.has(parsed.data.batch_id)) {
        fake.duplicateBatches++;
        return reply(200, 0, { applied: false });
      }
      fake.batches.set(parsed.data.batch_id, {
        instance_id: parsed.data.instance_id,
        entries: parsed.data.entries,
        exits: parsed.data.exits ?? [],
      });
      for (const entry of parsed.data.entries) {
        const total = entry.bytes_up + entry.bytes_down;
        const lease = fake.leases.get(`${parsed.data.instance_id}|${ownerKey(entry)}`);
        const fromLease = lease ? Math.min(total, lease.granted - lease.used) : 0;
        if (lease) lease.used += fromLease;
        const left = fake.left.get(ownerKey(entry)) ?? 0;
        const fromLeft = Math.min(total - fromLease, left);
        fake.left.set(ownerKey(entry), left - fromLeft);
        const beyond = total - fromLease - fromLeft;
        if (beyond > 0) {
          fake.overrun.set(ownerKey(entry), (fake.overrun.get(ownerKey(entry)) ?? 0) + beyond);
        }
      }
      return reply(200, 0, { applied: true });
    }
    case endpoints.eventsHead.path:
      return reply(200, 0, { last_id: fake.events.at(-1)?.id ?? 0 });
    case endpoints.events.path: {
      const parsed = endpoints.events.request.safeParse(Object.fromEntries(call.query));
      if (!parsed.success || call.method !== 'GET') return INVALID;
      const events = fake.events.filter((e) => e.id > parsed.data.after).slice(0, 1000);
      return reply(200, 0, { events, last_id: events.at(-1)?.id ?? parsed.data.after });
    }
    case endpoints.session.path: {
      const parsed = endpoints.session.request.safeParse(call.body);
      if (!parsed.success) return INVALID;
      const { session_id, minutes, ...owner } = parsed.data;
      const key = `${ownerKey(owner)}|${session_id}`;
      const now = fake.now();
      let session = fake.sessions.get(key);
      if (!session || session.endsAt <= now) {
        session = { epoch: fake.newEpoch(), endsAt: now + minutes * 60_000 };
        fake.sessions.set(key, session);
      }
      return reply(200, 0, { epoch: session.epoch, expires_in_ms: session.endsAt - now });
    }
    case endpoints.exits.path:
      if (!fake.pool || call.method !== 'GET') return reply(404, 10009, null);
      return reply(200, 0, fake.pool);
    case endpoints.exitHealth.path: {
      const parsed = endpoints.exitHealth.request.safeParse(call.body);
      if (!parsed.success) return INVALID;
      fake.exitHealth.set(parsed.data.instance_id, parsed.data.exits);
      return reply(200, 0, { recorded: parsed.data.exits.length });
    }
    default:
      return reply(404, 10004, null);
  }
}

/** One renewal, as the server grants it: out of what is left, nothing to an owner that may not spend. */
function grant(
  fake: FakeServer,
  instanceId: string,
  owner: { account_id: number; subaccount_id: number | null },
  want: number,
) {
  const expires_at = new Date(Date.now() + 120_000).toISOString();
  const key = `${instanceId}|${ownerKey(owner)}`;
  const lease = fake.leases.get(key) ?? { id: fake.newLeaseId(), granted: 0, used: 0 };
  fake.leases.set(key, lease);
  if (!fake.spendable(owner)) {
    return { lease_id: lease.id, granted_bytes: 0, exhausted: true, revoked: true, expires_at };
  }
  const left = fake.left.get(ownerKey(owner)) ?? 0;
  const granted = Math.min(want, left);
  fake.left.set(ownerKey(owner), left - granted);
  lease.granted += granted;
  return {
    lease_id: lease.id,
    granted_bytes: granted,
    exhausted: left === granted,
    revoked: false,
    expires_at,
  };
}

/** One release, as the server settles it: the unused part back to what is left. */
function release(
  fake: FakeServer,
  instanceId: string,
  owner: { account_id: number; subaccount_id: number | null },
) {
  const key = `${instanceId}|${ownerKey(owner)}`;
  const lease = fake.leases.get(key);
  fake.leases.delete(key);
  fake.releases++;
  const unused = lease ? lease.granted - lease.used : 0;
  fake.left.set(ownerKey(owner), (fake.left.get(ownerKey(owner)) ?? 0) + unused);
  return unused;
}

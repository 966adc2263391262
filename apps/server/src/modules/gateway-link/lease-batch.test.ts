import { internalGatewayEndpoints, MAX_LEASE_BATCH, ResultCode, subEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub, gatewayCall, trafficConserved } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { grantLeaseIn, type LeaseGrant } from './lease.service';

const MB = 1_000_000;
const GB = 1_000_000_000;

interface Owner {
  account_id: number;
  subaccount_id: number | null;
}

/**
 * A gateway's renewals in one `leases` call (decision 044) answer, and leave the books, exactly as
 * the owner-by-owner grant does: two twin customers — a main account, a plain sub-account, a nearly
 * empty one, a capped one, one with auto-refill, a disabled one and two never leased before (one with traffic, one without) — are
 * renewed round after round, one twin by batch calls, the other by `grantLeaseIn` per owner. Their
 * answers, balances, reservations, leases and ledger entries must match at every round.
 */
describe('lease renewals in one call, set-based', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function twin(label: string): Promise<{ id: number; owners: Owner[] }> {
    const c = await customerWithSub(t, { mainGb: 3, subGb: 0.5, prefix: label });
    const add = async (traffic: string) => {
      const username = `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const added = await t.send(subEndpoints.add, { username, traffic }, { token: c.token });
      if (!added.ok) throw new Error(JSON.stringify(added));
      return added.data.id;
    };
    const [small, capped, refilled, disabled, fresh, freshEmpty] = [
      await add('0.001'),
      await add('0.5'),
      await add('0.1'),
      await add('0.2'),
      await add('0.2'),
      await add('0'),
    ];
    await t.send(subEndpoints.limits, { id: String(capped), daily_cap: '0.002' }, { token: c.token });
    await t.send(
      subEndpoints.refill,
      { id: String(refilled), refill_below: '0.08', refill_amount: '0.05' },
      { token: c.token },
    );
    const owners = [null, c.subId, small, capped, refilled, disabled].map((sub) => ({
      account_id: c.id,
      subaccount_id: sub,
    }));
    // Every owner but the fresh ones (one with traffic, one without) holds an open lease here before
    // the rounds begin.
    for (const owner of owners) {
      await gatewayCall(t, internalGatewayEndpoints.lease, {
        ...owner,
        instance_id: `gw-${label}`,
        want_bytes: MB,
      });
    }
    await t.send(subEndpoints.status, { id: String(disabled), status: 'disabled' }, { token: c.token });
    const freshOwners = [fresh, freshEmpty].map((sub) => ({ account_id: c.id, subaccount_id: sub }));
    return { id: c.id, owners: [...owners, ...freshOwners] };
  }

  /** An owner's books, with ids made relative so the twins compare. */
  async function booksOf(accountId: number) {
    const { rows } = await sql<Record<string, string | null>>`
      with owners as (
        select null::int as sub_id, 0::bigint as rank, traffic_left_bytes as left_bytes,
          traffic_reserved_bytes as reserved from accounts where id = ${accountId}
        union all
        select id, rank() over (order by id), traffic_left_bytes, traffic_reserved_bytes
        from subaccounts where account_id = ${accountId}
      )
      select o.rank::text as owner, o.left_bytes::text as left, o.reserved::text as reserved,
        (select string_agg(l.granted_bytes || '/' || l.used_bytes || '/' || l.grants || '/' || l.status, ',' order by l.id)
          from traffic_leases l where l.account_id = ${accountId} and l.subaccount_id is not distinct from o.sub_id) as leases,
        (select string_agg(e.kind || ':' || e.amount || ':' || e.balance_after, ',' order by e.id)
          from ledger_entries e where e.account_id = ${accountId} and e.asset = 'traffic'
            and e.subaccount_id is not distinct from o.sub_id) as entries
      from owners o order by o.rank`.execute(t.ctx.db);
    return rows;
  }

  const shape = (g: {
    granted: number;
    exhausted: boolean;
    revoked: boolean;
    stop?: string | undefined;
  }) => ({
    granted: g.granted,
    exhausted: g.exhausted,
    revoked: g.revoked,
    stop: g.stop,
  });

  it('answers and books every owner as the owner-by-owner grant does, round after round', async () => {
    const batched = await twin('lbx');
    const oneByOne = await twin('lby');
    const wants = [30 * MB, 2 * MB, 200 * MB, 7 * MB];
    for (const [round, want] of wants.entries()) {
      const answer = await gatewayCall(t, internalGatewayEndpoints.leases, {
        instance_id: 'gw-lbx',
        wants: batched.owners.map((o) => ({ ...o, want_bytes: want })),
      });
      expect(answer.code, JSON.stringify(answer)).toBe(0);
      const fromBatch = successData(answer).leases.map((l) =>
        shape({ granted: l.granted_bytes, exhausted: l.exhausted, revoked: l.revoked, stop: l.stop }),
      );
      const single: LeaseGrant[] = [];
      for (const o of oneByOne.owners) {
        const key = { instanceId: 'gw-lby', accountId: o.account_id, subaccountId: o.subaccount_id };
        single.push(
          await t.ctx.db
            .transaction()
            .execute((trx) => grantLeaseIn(t.ctx, trx, key, BigInt(want), t.ctx.clock())),
        );
      }
      expect(fromBatch, `round ${round}`).toEqual(
        single.map((g) => shape({ ...g, granted: Number(g.granted) })),
      );
      expect(await booksOf(batched.id), `round ${round}`).toEqual(await booksOf(oneByOne.id));
      expect(await trafficConserved(t, batched.id, 3n * BigInt(GB))).toBe(true);
    }
    // Not vacuous: the rounds granted, ran a sub-account dry, stopped at a cap and refused the disabled one.
    const last = await booksOf(batched.id);
    expect(last.map((r) => r.leases).join()).toContain('/open');
    const stops = new Set((await lastAnswers(batched)).map((l) => l.stop));
    expect([...stops].sort()).toEqual(['cap', 'revoked', 'traffic', undefined].sort());
  });

  async function lastAnswers(c: { owners: Owner[] }) {
    const answer = await gatewayCall(t, internalGatewayEndpoints.leases, {
      instance_id: 'gw-lbx',
      wants: c.owners.map((o) => ({ ...o, want_bytes: MB })),
    });
    return successData(answer).leases;
  }

  it('refuses a batch naming an owner twice, an empty one and one too long, changing nothing', async () => {
    const c = await customerWithSub(t, { mainGb: 1, subGb: 0.1, prefix: 'lbz' });
    const owner = { account_id: c.id, subaccount_id: c.subId };
    const before = await booksOf(c.id);
    const refused = [
      [
        { ...owner, want_bytes: MB },
        { ...owner, want_bytes: 2 * MB },
      ],
      [],
      Array.from({ length: MAX_LEASE_BATCH + 1 }, (_, i) => ({
        account_id: c.id,
        subaccount_id: i + 1,
        want_bytes: MB,
      })),
      [{ ...owner, want_bytes: 0 }],
    ];
    for (const wants of refused) {
      const answer = await t.sendUnchecked(
        internalGatewayEndpoints.leases,
        { instance_id: 'gw-lbz', wants },
        { headers: { 'x-internal-secret': t.ctx.internalSecret } },
      );
      expect(answer.code, JSON.stringify(wants.slice(0, 2))).toBe(ResultCode.ValidationFailed);
    }
    expect(await booksOf(c.id)).toEqual(before);
    // With a wrong internal secret nobody learns or reserves anything.
    const stranger = await gatewayCall(
      t,
      internalGatewayEndpoints.leases,
      { instance_id: 'gw-lbz', wants: [{ ...owner, want_bytes: MB }] },
      'x'.repeat(t.ctx.internalSecret.length),
    );
    expect(stranger.ok).toBe(false);
    expect(await booksOf(c.id)).toEqual(before);
  });

  it("writes a steady owner's grants to the ledger once an hour, not once per renewal", async () => {
    const c = await customerWithSub(t, { mainGb: 1, subGb: 0.5, prefix: 'lbh' });
    const owner = { account_id: c.id, subaccount_id: c.subId };
    const renew = () =>
      gatewayCall(t, internalGatewayEndpoints.leases, {
        instance_id: 'gw-lbh',
        wants: [{ ...owner, want_bytes: MB }],
      });
    const books = async () => {
      const { rows } = await sql<{ entries: string; unposted: string; granted: string }>`
        select (select count(*) from ledger_entries where subaccount_id = ${c.subId} and kind = 'lease')::text
            as entries,
          (select traffic_unposted_bytes from subaccounts where id = ${c.subId})::text as unposted,
          (select granted_bytes from traffic_leases where subaccount_id = ${c.subId} and status = 'open')::text
            as granted`.execute(t.ctx.db);
      const row = rows[0];
      return {
        entries: Number(row?.entries),
        unposted: Number(row?.unposted),
        granted: Number(row?.granted),
      };
    };
    // 37 renewals 100 s apart: the lease stays open, and an hour after it opened its grants are posted.
    const seen = [];
    for (let i = 0; i < 37; i++) {
      expect((await renew()).code).toBe(0);
      seen.push(await books());
      t.advanceClock(100);
    }
    const firstPosting = seen.findIndex((b) => b.entries > 0);
    expect(firstPosting).toBe(36);
    // Before it: no entry, every granted byte unposted; at it: one entry, nothing unposted.
    for (const b of seen.slice(0, 36)) expect([b.entries, b.unposted]).toEqual([0, b.granted]);
    expect(seen[36]).toMatchObject({ entries: 1, unposted: 0 });
    expect(await trafficConserved(t, c.id, BigInt(GB))).toBe(true);
    // Given back: the rest of its grants (none since the posting) and the unused part.
    await gatewayCall(t, internalGatewayEndpoints.release, { ...owner, instance_id: 'gw-lbh' });
    expect(await books()).toMatchObject({ entries: 1, unposted: 0 });
  });

  it('gives back many leases in one call, each owner its unused bytes, and refuses an owner twice', async () => {
    const c = await customerWithSub(t, { mainGb: 1, subGb: 0.5, prefix: 'lbr' });
    const main = { account_id: c.id, subaccount_id: null };
    const sub = { account_id: c.id, subaccount_id: c.subId };
    const owners = [main, sub];
    await gatewayCall(t, internalGatewayEndpoints.leases, {
      instance_id: 'gw-lbr',
      wants: owners.map((o) => ({ ...o, want_bytes: 10 * MB })),
    });
    await gatewayCall(t, internalGatewayEndpoints.usage, {
      batch_id: 'gw-lbr:1',
      instance_id: 'gw-lbr',
      entries: [{ ...sub, bytes_up: MB, bytes_down: 2 * MB, connections: 1 }],
    });
    const twice = await gatewayCall(t, internalGatewayEndpoints.releases, {
      instance_id: 'gw-lbr',
      owners: [main, main],
    });
    expect(twice.code).toBe(ResultCode.ValidationFailed);
    const released = await gatewayCall(t, internalGatewayEndpoints.releases, {
      instance_id: 'gw-lbr',
      owners,
    });
    expect(successData(released).returned_bytes).toEqual([10 * MB, 7 * MB]);
    const { rows } = await sql<{ open: string }>`
      select count(*)::text as open from traffic_leases where account_id = ${c.id} and status = 'open'`.execute(
      t.ctx.db,
    );
    expect(rows[0]?.open).toBe('0');
    expect(await trafficConserved(t, c.id, BigInt(GB))).toBe(true);
    // Given back twice (a retry after a lost answer): nothing more comes back.
    const again = await gatewayCall(t, internalGatewayEndpoints.releases, { instance_id: 'gw-lbr', owners });
    expect(successData(again).returned_bytes).toEqual([0, 0]);
  });

  it('settles a lease that ran dry past the hour, was topped up and renewed again', async () => {
    const c = await customerWithSub(t, { mainGb: 1, subGb: 0.001, prefix: 'lbd' });
    const owner = { account_id: c.id, subaccount_id: c.subId };
    const renew = async () =>
      successData(
        await gatewayCall(t, internalGatewayEndpoints.leases, {
          instance_id: 'gw-lbd',
          wants: [{ ...owner, want_bytes: 10 * MB }],
        }),
      ).leases[0];
    let last = await renew();
    while (last && !last.exhausted) last = await renew();
    t.advanceClock(3601);
    // Dry an hour on: nothing granted, so nothing is posted at this grant count …
    expect(await renew()).toMatchObject({ granted_bytes: 0, exhausted: true });
    const topUp = {
      id: String(c.subId),
      action: 'allocate' as const,
      traffic: '0.001',
      request_id: 'lbd-top-up',
    };
    expect((await t.send(subEndpoints.traffic, topUp, { token: c.token })).code).toBe(0);
    // … the next grant posts the lease's grants, and its settlement posts the rest once.
    expect((await renew())?.granted_bytes).toBeGreaterThan(0);
    const released = await gatewayCall(t, internalGatewayEndpoints.release, {
      ...owner,
      instance_id: 'gw-lbd',
    });
    expect(released.code).toBe(0);
    expect(await trafficConserved(t, c.id, BigInt(GB))).toBe(true);
  });
});

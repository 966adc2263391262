import {
  CREDIT_OVERDRAW_BYTES_PER_TUNNEL,
  type Endpoint,
  type EndpointInput,
  internalGatewayEndpoints,
  subEndpoints,
} from '@resiport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountInfo,
  signedInAccount,
  trafficConserved,
  customerWithSub,
  gatewayCall,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { post } from '../ledger/ledger.service';
import { auditOverruns } from './overrun-audit';

const KB = 1000;

/**
 * Bytes a gateway delivered past an owner's traffic: written off against the bound the gateway
 * promises (one read buffer per open tunnel), owed by the owner and billed from its next traffic
 * before anything else, and reported by `npm run audit` with every breach of the bound.
 */
describe('overruns: bounded, owed, repaid, audited', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The books are not audited at close: breaches are made here on purpose, to show the audit finds them.
    t = await createTestApp({}, { auditAtClose: false });
  });
  afterAll(() => t.close());

  const internal = <E extends Endpoint>(endpoint: E, body: EndpointInput<E>) =>
    gatewayCall(t, endpoint, body);
  const subOf = (subId: number) =>
    t.ctx.db
      .selectFrom('subaccounts')
      .select(['traffic_left_bytes', 'traffic_used_bytes', 'traffic_debt_bytes'])
      .where('id', '=', subId)
      .executeTakeFirstOrThrow();

  it('writes off what could not be billed with its bound, bills it from the next allocation, and audits both', async () => {
    const { id, subId, headers } = await customerWithSub(t, {
      mainGb: 0.001,
      subGb: 0.001,
      password: 'Over-pass.1',
      prefix: 'overrun',
    });
    const owner = { account_id: id, subaccount_id: subId };
    const before = await auditOverruns(t.ctx.db);

    const lease = await internal(internalGatewayEndpoints.lease, {
      ...owner,
      instance_id: 'gw-o',
      want_bytes: 1000 * KB,
    });
    expect(lease.data).toMatchObject({ granted_bytes: 500 * KB, exhausted: false }); // half of what is left
    // 1,100 kB reported on a 1,000 kB sub-account from 2 tunnels: 100 kB past zero, within 2 read buffers.
    await internal(internalGatewayEndpoints.usage, {
      batch_id: 'gw-o:1',
      instance_id: 'gw-o',
      entries: [{ ...owner, bytes_up: 0, bytes_down: 1100 * KB, connections: 2, tunnels: 2 }],
    });
    // A report 300 kB past zero from one tunnel breaks the bound (one 256 KiB read): the audit must say so.
    await internal(internalGatewayEndpoints.usage, {
      batch_id: 'gw-o:2',
      instance_id: 'gw-o',
      entries: [{ ...owner, bytes_up: 0, bytes_down: 300 * KB, connections: 1, tunnels: 1 }],
    });
    expect(await subOf(subId)).toEqual({
      traffic_left_bytes: 0n,
      traffic_used_bytes: BigInt(1000 * KB),
      traffic_debt_bytes: BigInt(400 * KB),
    });
    const report = await auditOverruns(t.ctx.db);
    expect(report.owners).toContainEqual({
      accountId: id,
      subaccountId: subId,
      overrunBytes: BigInt(400 * KB),
      boundBytes: BigInt(3 * CREDIT_OVERDRAW_BYTES_PER_TUNNEL),
      debtBytes: BigInt(400 * KB),
      breaches: 1,
    });
    expect(report.breaches - before.breaches).toBe(1);
    expect(report.totalOverrunBytes - before.totalOverrunBytes).toBe(BigInt(400 * KB));

    // The account owes the 400 kB: the customer buys 1 MB more and gives 0.5 MB to the sub-account.
    // The main account pays its debt first (400 kB billed as the earlier usage); the sub-account then
    // returns the 400 kB it owes the main account from the 0.5 MB, keeping 100 kB.
    await t.ctx.db
      .transaction()
      .execute((trx) =>
        post(trx, { accountId: id, asset: 'traffic', kind: 'purchase', amount: BigInt(1000 * KB) }),
      );
    const allocated = await t.send(
      subEndpoints.traffic,
      { id: String(subId), action: 'allocate', traffic: '0.0005', request_id: 'overrun-allocate-1' },
      { headers },
    );
    expect(allocated.code).toBe(0);
    // As the customer sees it: it used all 1,400 kB it moved (the 400 kB written off too) and was given
    // 1,000 kB + 500 kB; 100 kB left.
    expect(allocated.data).toMatchObject({
      sub: { traffic_left_bytes: 100 * KB, traffic_used_bytes: 1400 * KB, allocated_bytes: 1500 * KB },
      main_traffic_left_bytes: 500 * KB,
    });
    expect(await subOf(subId)).toMatchObject({ traffic_debt_bytes: 0n });
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .select(['amount', 'kind', 'subaccount_id'])
      .where('account_id', '=', id)
      .where('ref_type', '=', 'allocation')
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { amount: BigInt(-400 * KB), kind: 'usage', subaccount_id: null },
      { amount: BigInt(-400 * KB), kind: 'debt_repayment', subaccount_id: subId },
      { amount: BigInt(400 * KB), kind: 'debt_repayment', subaccount_id: null },
    ]);
    expect((await auditOverruns(t.ctx.db)).owners).toContainEqual(
      expect.objectContaining({ subaccountId: subId, overrunBytes: BigInt(400 * KB), debtBytes: 0n }),
    );
    await internal(internalGatewayEndpoints.release, { ...owner, instance_id: 'gw-o' });
    // The written-off bytes were billed later out of the same 1 GB: nothing made up, nothing lost.
    expect(await trafficConserved(t, id, BigInt(2000 * KB))).toBe(true);
  });

  it('reports a reserved or unposted counter that disagrees with the open leases', async () => {
    const account = await signedInAccount(t);
    const { id } = await accountInfo(t, account.token);
    expect((await auditOverruns(t.ctx.db)).reservedMismatches).toEqual([]);
    await sql`update accounts set traffic_reserved_bytes = 7, traffic_unposted_bytes = 3 where id = ${id}`.execute(
      t.ctx.db,
    );
    expect((await auditOverruns(t.ctx.db)).reservedMismatches).toEqual([
      { accountId: id, subaccountId: null, counter: 'reserved', cached: 7n, fromLeases: 0n },
      { accountId: id, subaccountId: null, counter: 'unposted', cached: 3n, fromLeases: 0n },
    ]);
    await sql`update accounts set traffic_reserved_bytes = 0, traffic_unposted_bytes = 0 where id = ${id}`.execute(
      t.ctx.db,
    );
  });
});

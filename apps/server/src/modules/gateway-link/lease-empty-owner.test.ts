import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub, gatewayCall } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { internalGatewayEndpoints } from '@resiport/contract';

const MB = 1_000_000;

/**
 * A renewal for an owner with nothing left (right after a recycle took everything) opens no lease
 * row: an empty one would sit open, holding nothing, until its gateway released it.
 */
describe('a lease asked for an owner with nothing left', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const leaseRows = (instanceId: string) =>
    t.ctx.db.selectFrom('traffic_leases').select('id').where('instance_id', '=', instanceId).execute();

  it('answers nothing granted, exhausted, and writes no lease', async () => {
    const { id, subId } = await customerWithSub(t, { mainGb: 1, subGb: 0, prefix: 'emptyown' });
    const owner = { account_id: id, subaccount_id: subId };
    const answer = await gatewayCall(t, internalGatewayEndpoints.lease, {
      ...owner,
      instance_id: 'gw-empty',
      want_bytes: MB,
    });
    expect(answer.data).toMatchObject({ lease_id: 0, granted_bytes: 0, exhausted: true, revoked: false });
    expect(await leaseRows('gw-empty')).toEqual([]);

    // The main account has traffic: its lease is opened and granted as ever.
    const main = await gatewayCall(t, internalGatewayEndpoints.lease, {
      account_id: id,
      subaccount_id: null,
      instance_id: 'gw-empty',
      want_bytes: MB,
    });
    expect(main.data).toMatchObject({ granted_bytes: MB, exhausted: false });
    expect(await leaseRows('gw-empty')).toHaveLength(1);
  });
});

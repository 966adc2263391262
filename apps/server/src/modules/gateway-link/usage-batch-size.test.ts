import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub as createCustomer, gatewayCall } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type Endpoint, type EndpointInput, internalGatewayEndpoints } from '@resiport/contract';

describe('usage batches of many owners', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const internal = <E extends Endpoint>(endpoint: E, body: EndpointInput<E>, secret = t.ctx.internalSecret) =>
    gatewayCall(t, endpoint, body, secret);
  const customerWithSub = (gb: number, subGb: number) =>
    createCustomer(t, { mainGb: gb, subGb, password: 'Proxy-pass.1', prefix: 'bigbatch' });

  it('takes a usage batch far over the general 64 KiB body limit (hundreds of owners in one flush)', async () => {
    const { id, subId } = await customerWithSub(1, 0.1);
    const entry = { account_id: id, subaccount_id: subId, bytes_up: 0, bytes_down: 1000, connections: 1 };
    const batch = {
      batch_id: 'gw-big:1',
      instance_id: 'gw-big',
      entries: Array.from({ length: 1500 }, () => entry),
    };
    expect(JSON.stringify(batch).length).toBeGreaterThan(64 * 1024);
    expect(await internal(internalGatewayEndpoints.usage, batch)).toMatchObject({
      status: 200,
      data: { applied: true },
    });
    const sub = await t.ctx.db
      .selectFrom('subaccounts')
      .select('traffic_used_bytes')
      .where('id', '=', subId)
      .executeTakeFirstOrThrow();
    expect(sub.traffic_used_bytes).toBe(1_500_000n);
    // Without the secret the call is refused before its body is read.
    expect(await internal(internalGatewayEndpoints.usage, batch, 'x'.repeat(43))).toMatchObject({
      status: 403,
      code: 10010,
    });
  });
});

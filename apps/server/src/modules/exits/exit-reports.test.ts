import { adminExitsEndpoints, type EndpointInput, internalGatewayEndpoints } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayCall, signedInOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { successData } from '@resiport/testkit';

/**
 * What gateways report about exits (decision 030), as the console lists it: each process's health
 * view (the worst of the fresh ones decides, a silent process's last error stays), and the bytes
 * each exit carried, applied once with the usage batch that brings them, per UTC day.
 */
describe('operator console: exit health and bytes carried', () => {
  let t: TestApp;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp();
    operator = (await signedInOperator(t)).token;
    const created = await t.send(
      adminExitsEndpoints.create,
      { id: 'de-1', type: 'http', host: '127.0.0.1', port: 3128, country: 'de', reason: 'test exit' },
      { token: operator },
    );
    expect(created.code).toBe(0);
  });
  afterAll(() => t.close());

  const list = async (q: string) =>
    successData(await t.send(adminExitsEndpoints.list, { q }, { token: operator })).list;

  it("shows gateways' health reports: the worst fresh one decides, a silent one's last error stays", async () => {
    const report = (
      instance: string,
      exits: EndpointInput<typeof internalGatewayEndpoints.exitHealth>['exits'],
    ) => gatewayCall(t, internalGatewayEndpoints.exitHealth, { instance_id: instance, exits });
    expect(
      (
        await report('gw-a', [
          { exit_id: 'de-1', consecutive_failures: 0, last_error: null, error_age_ms: null, resting_ms: 0 },
        ])
      ).code,
    ).toBe(0);
    expect((await list('de-1'))[0]?.health).toMatchObject({ status: 'ok', gateways: 1, reported_by: 'gw-a' });

    await report('gw-b', [
      {
        exit_id: 'de-1',
        consecutive_failures: 3,
        last_error: 'connect ECONNREFUSED',
        error_age_ms: 1000,
        resting_ms: 20_000,
      },
    ]);
    const resting = (await list('de-1'))[0]?.health;
    expect(resting).toMatchObject({
      status: 'resting',
      consecutive_failures: 3,
      last_error: 'connect ECONNREFUSED',
      gateways: 2,
    });
    // Three minutes on, neither process reported again: the status is unknown, the last error stays.
    t.advanceClock(180);
    expect((await list('de-1'))[0]?.health).toMatchObject({
      status: 'unknown',
      gateways: 0,
      last_error: 'connect ECONNREFUSED',
    });

    // A process reports only the exits of its pool: its row of one that left goes.
    await report('gw-a', []);
    expect((await list('de-1'))[0]?.health.reported_by).toBe('gw-b');
  });

  it('counts the bytes each exit carried once per usage batch, per UTC day', async () => {
    const batch = {
      batch_id: 'gw-a:exits.1',
      instance_id: 'gw-a',
      entries: [],
      exits: [
        { exit_id: 'de-1', bytes: 1_500_000 },
        { exit_id: 'direct', bytes: 20 },
        { exit_id: 'de-1', bytes: 500_000 },
      ],
    };
    expect((await gatewayCall(t, internalGatewayEndpoints.usage, batch)).data).toEqual({ applied: true });
    expect((await gatewayCall(t, internalGatewayEndpoints.usage, batch)).data).toEqual({ applied: false });
    expect((await list('de-1'))[0]?.carried).toEqual({
      today_bytes: 2_000_000,
      week_bytes: 2_000_000,
      month_bytes: 2_000_000,
    });
    t.advanceClock(8 * 86_400);
    operator = (await signedInOperator(t)).token;
    await gatewayCall(t, internalGatewayEndpoints.usage, {
      ...batch,
      batch_id: 'gw-a:exits.2',
      exits: [{ exit_id: 'de-1', bytes: 7 }],
    });
    expect((await list('de-1'))[0]?.carried).toEqual({
      today_bytes: 7,
      week_bytes: 7,
      month_bytes: 2_000_007,
    });
  });
});

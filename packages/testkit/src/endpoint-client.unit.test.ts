import {
  internalGatewayEndpoints,
  NO_SUB_LIMITS,
  NO_SUB_REFILL,
  rechargeEndpoints,
  subEndpoints,
  trafficLinks,
} from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { apiUrl, endpointClient, passThroughData, type ApiRequest } from './endpoint-client';

/** A transport that answers from a list and records what it was asked. */
function fakeTransport(bodies: unknown[]) {
  const asked: ApiRequest[] = [];
  const transport = (request: ApiRequest) => {
    asked.push(request);
    return Promise.resolve({ status: 200, body: bodies.shift() });
  };
  return { transport, asked };
}

const sub = {
  id: 7,
  username: 'someuser0001',
  password: 'Line-pass.1',
  remark: '',
  allocated_bytes: 0,
  traffic_left_bytes: 0,
  traffic_used_bytes: 0,
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  ...NO_SUB_LIMITS,
  ...NO_SUB_REFILL,
  alert_percents: null,
};

describe('endpoint client', () => {
  it('sends a GET as a query, a customer POST as a form and a gateway POST as JSON', async () => {
    const { transport, asked } = fakeTransport([
      {
        code: 0,
        msg: 'ok',
        data: { list: [], total: 0, page: 1, page_size: 10, main_traffic_left_bytes: 0 },
      },
      { code: 0, msg: 'ok', data: sub },
      { code: 0, msg: 'ok', data: { applied: true } },
    ]);
    const api = endpointClient(transport, { 'jwt-token': 't' });
    await api.call(subEndpoints.list, { search: 'a b', id: undefined });
    await api.call(subEndpoints.add, { username: 'someuser0001', traffic: '0.5' }, { 'x-extra': '1' });
    await api.call(internalGatewayEndpoints.usage, { batch_id: 'g:1', instance_id: 'g', entries: [] });
    expect(asked[0]).toEqual({
      method: 'GET',
      url: '/api/auth/sublist?search=a+b',
      headers: { 'jwt-token': 't' },
    });
    expect(asked[1]).toMatchObject({
      method: 'POST',
      url: '/api/auth/passadd',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'jwt-token': 't', 'x-extra': '1' },
      body: 'username=someuser0001&traffic=0.5',
    });
    expect(asked[2]).toMatchObject({
      url: '/api/internal/gateway/usage',
      headers: { 'content-type': 'application/json' },
      body: '{"batch_id":"g:1","instance_id":"g","entries":[]}',
    });
  });

  it('hands back the envelope as sent; a success is checked against the contract', async () => {
    const { transport } = fakeTransport([
      { code: 0, msg: 'ok', data: sub },
      { code: 10030, msg: 'Username Exist', data: null },
      { code: 0, msg: 'ok', data: { id: 'seven' } },
    ]);
    const api = endpointClient(transport);
    expect(await api.data(subEndpoints.add, { username: 'someuser0001' })).toEqual(sub);
    await expect(api.data(subEndpoints.add, { username: 'someuser0001' })).rejects.toThrow(
      /code 10030: Username Exist/,
    );
    await expect(api.call(subEndpoints.add, { username: 'someuser0001' })).rejects.toThrow(
      /off the contract/,
    );
  });

  it('reads a pass-through answer by its name, and builds the URL of a link', async () => {
    const checkout = {
      url: 'http://pay.test/c/1',
      recharge_id: 1,
      amount_cents: 2000,
      fee_cents: 0,
      total_cents: 2000,
    };
    const { transport } = fakeTransport([{ code: 20302, msg: 'Go to payment', data: checkout }]);
    const answer = await endpointClient(transport).call(rechargeEndpoints.pay, { amount: '20' });
    expect(passThroughData(rechargeEndpoints.pay, 'GoToPayment', answer)).toEqual(checkout);
    expect(apiUrl(trafficLinks.detailsCsv, { format: 'csv' })).toBe('/api/traffic/details?format=csv');
  });
});

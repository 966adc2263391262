import {
  type Endpoint,
  type EndpointInput,
  internalGatewayEndpoints,
  subEndpoints,
  whitelistEndpoints,
} from '@resiport/contract';
import { matchesVerifier, proxyVerifierKey } from '@resiport/contract/proxy-verifier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithSub as createCustomer, gatewayCall } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { apiUrl, successData } from '@resiport/testkit';

describe('internal calls for gateway processes: who may connect, and the change feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const internal = <E extends Endpoint>(endpoint: E, body: EndpointInput<E>, secret = t.ctx.internalSecret) =>
    gatewayCall(t, endpoint, body, secret);
  /** A customer with `gb` GB on the main account and one sub-account holding `subGb` of it. */
  const customerWithSub = (gb: number, subGb: number, password = 'Proxy-pass.1') =>
    createCustomer(t, { mainGb: gb, subGb, password, prefix: 'gwuser' });

  it('refuses calls without the internal secret, or with a wrong one', async () => {
    for (const secret of ['', 'x'.repeat(43), `${t.ctx.internalSecret}x`]) {
      const response = await internal(internalGatewayEndpoints.credentials, { username: 'anyone' }, secret);
      expect(response).toMatchObject({ status: 403, code: 10010 });
    }
    for (const url of [
      apiUrl(internalGatewayEndpoints.events),
      apiUrl(internalGatewayEndpoints.eventsHead),
    ]) {
      expect((await t.call({ method: 'GET', url })).status).toBe(403);
    }
    expect(t.logs.join('')).not.toContain(t.ctx.internalSecret);
  });

  it('tells who a proxy user is with a verifier of the password, never the password', async () => {
    const { username, subId, id, headers } = await customerWithSub(1, 0, 'Proxy-pass.1');
    const found = await internal(internalGatewayEndpoints.credentials, { username: username.toUpperCase() });
    const data = successData(found);
    expect(data).toMatchObject({ found: true, account_id: id, subaccount_id: subId, active: true });
    expect(JSON.stringify(found)).not.toContain('Proxy-pass.1');
    const key = proxyVerifierKey(t.ctx.internalSecret);
    expect(matchesVerifier(key, 'Proxy-pass.1', data.verifier ?? '')).toBe(true);
    expect(matchesVerifier(key, 'Proxy-pass.2', data.verifier ?? '')).toBe(false);
    await t.send(subEndpoints.status, { id: String(subId), status: 'disabled' }, { headers });
    expect((await internal(internalGatewayEndpoints.credentials, { username })).data).toMatchObject({
      found: true,
      active: false,
    });
    await t.send(subEndpoints.delete, { id: String(subId) }, { headers });
    expect((await internal(internalGatewayEndpoints.credentials, { username })).data).toMatchObject({
      found: false,
      verifier: null,
    });
    expect((await internal(internalGatewayEndpoints.credentials, { username: '' })).code).toBe(10001);
  });

  it('finds the account of a whitelisted source address in any spelling', async () => {
    const { headers, id } = await customerWithSub(1, 0);
    await t.send(whitelistEndpoints.add, { ip: '2001:db8:77::1' }, { headers });
    expect(
      (await internal(internalGatewayEndpoints.whitelist, { ip: '2001:DB8:77:0:0:0:0:1' })).data,
    ).toEqual({ account_id: id });
    expect((await internal(internalGatewayEndpoints.whitelist, { ip: '203.0.113.250' })).data).toEqual({
      account_id: null,
    });
    expect((await internal(internalGatewayEndpoints.whitelist, { ip: 'not-an-ip' })).data).toEqual({
      account_id: null,
    });
  });

  it('feeds gateways the changes that revoke access, in order, after a cursor', async () => {
    const { id, subId, headers, username } = await customerWithSub(1, 0);
    const head = async () => successData(await internal(internalGatewayEndpoints.eventsHead, {}));
    // Where a fresh gateway starts following: nothing after it yet.
    const before = await head();
    await t.send(subEndpoints.password, { id: String(subId) }, { headers });
    await t.send(subEndpoints.remark, { id: String(subId), remark: 'no effect on access' }, { headers });
    const ip = successData(await t.send(whitelistEndpoints.add, { ip: '198.51.100.99' }, { headers }));
    await t.send(whitelistEndpoints.delete, { id: String(ip.id) }, { headers });
    await t.send(subEndpoints.delete, { id: String(subId) }, { headers });
    const feed = successData(await internal(internalGatewayEndpoints.events, { after: before.last_id }));
    const { events } = feed;
    expect(events.map((e) => [e.kind, e.account_id, e.username ?? e.ip])).toEqual([
      ['subaccount', id, username],
      ['whitelist', id, '198.51.100.99'],
      ['subaccount', id, username],
    ]);
    expect((await head()).last_id).toBe(feed.last_id);
    expect((await head()).last_id).toBeGreaterThan(before.last_id);
  });
});

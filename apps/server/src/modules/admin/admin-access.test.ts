import {
  accountEndpoints,
  adminAuditEndpoints,
  allAdminEndpoints,
  clientMethodOf,
  type Endpoint,
  ResultCode,
} from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signedInAccount, signedInOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { successData } from '@resiport/testkit';

/**
 * The console's authorization matrix (docs/product.md#operator-console): every `/api/admin` call × {anonymous, customer,
 * customer's developer token, operator's developer token, operator}. Only the operator's session gets
 * past the guard; every other caller gets its refusal with no data, whatever it sends.
 */
describe('operator console: who may call /api/admin', () => {
  let t: TestApp;
  let customerToken: string;
  let customerApiToken: string;
  let operatorToken: string;
  let operatorApiToken: string;
  const endpoints = Object.entries(allAdminEndpoints);

  beforeAll(async () => {
    t = await createTestApp();
    customerToken = (await signedInAccount(t)).token;
    operatorToken = (await signedInOperator(t)).token;
    customerApiToken = await developerToken(customerToken);
    operatorApiToken = await developerToken(operatorToken);
  });
  afterAll(() => t.close());

  async function developerToken(session: string): Promise<string> {
    return successData(await t.send(accountEndpoints.genToken, {}, { token: session })).api_token;
  }

  function send(endpoint: Endpoint, headers: Record<string, string>) {
    const method = clientMethodOf(endpoint);
    // Something plausible in every field a call might read: the guard must refuse before any of it counts.
    const input = { id: '1', account_id: '1', page: '1', reason: 'matrix test', q: 'a' };
    return method === 'GET'
      ? t.call({ method, url: `/api${endpoint.path}?${new URLSearchParams(input).toString()}`, headers })
      : t.call({ method, url: `/api${endpoint.path}`, payload: input, headers });
  }

  it('lists every console route it checks (and the app registers no other /api/admin route)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    const registered = Object.keys(doc.paths).filter((path) => path.startsWith('/api/admin'));
    const listed = [...new Set(endpoints.map(([, e]) => `/api${e.path}`))];
    expect(registered.sort()).toEqual(listed.sort());
    expect(endpoints.every(([, e]) => e.auth === 'operator')).toBe(true);
  });

  it.each(endpoints)('%s: anonymous → 10013, no data', async (_name, endpoint) => {
    const answer = await send(endpoint, {});
    expect([answer.status, answer.code, answer.data]).toEqual([401, ResultCode.SessionExpired, null]);
  });

  it.each(endpoints)('%s: a customer → 10010 (403), no data', async (_name, endpoint) => {
    const answer = await send(endpoint, authHeader(customerToken));
    expect([answer.status, answer.code, answer.data]).toEqual([403, ResultCode.Forbidden, null]);
  });

  it.each(endpoints)("%s: a customer's developer token → 403, no data", async (_name, endpoint) => {
    const answer = await send(endpoint, authHeader(customerApiToken));
    expect(answer.status).toBe(403);
    expect(answer.data).toBeNull();
  });

  it.each(endpoints)("%s: an operator's developer token → 10015 (a person's session only)", async (_n, e) => {
    const answer = await send(e, authHeader(operatorApiToken));
    expect([answer.status, answer.code, answer.data]).toEqual([403, ResultCode.SessionTokenRequired, null]);
  });

  it.each(endpoints)('%s: the operator gets past the guard', async (_name, endpoint) => {
    const answer = await send(endpoint, authHeader(operatorToken));
    expect([ResultCode.SessionExpired, ResultCode.Forbidden, ResultCode.SessionTokenRequired]).not.toContain(
      answer.code,
    );
    expect(answer.status).toBeLessThan(500);
  });

  it('an operator made a customer again is refused on the next call', async () => {
    const demoted = await signedInOperator(t);
    const [name, endpoint] = endpoints[0] ?? ['none', adminAuditEndpoints.list];
    expect((await send(endpoint, authHeader(demoted.token))).code, name).not.toBe(ResultCode.Forbidden);
    await t.ctx.db.updateTable('accounts').set({ role: 'customer' }).where('id', '=', demoted.id).execute();
    expect((await send(endpoint, authHeader(demoted.token))).code, name).toBe(ResultCode.Forbidden);
  });
});

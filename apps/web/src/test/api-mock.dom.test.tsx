import { orderEndpoints, ResultCode, whitelistEndpoints } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { mockEndpoint, passThrough, refuse } from './api-mock';
import { takeProblems } from './fetch-mock';
import { aWhitelistEntry } from './fixtures';

/** The request mock itself: what it answers, and that it reports what would make a screen's test lie. */
const entry = aWhitelistEntry({ id: 3, ip: '203.0.113.7' });

async function post(path: string, body: string, headers: Record<string, string> = { 'JWT-TOKEN': 't' }) {
  const response = await fetch(`/api${path}`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('the request mock', () => {
  it('answers in the envelope and records what was sent, raw and as the server reads it', async () => {
    const add = mockEndpoint(whitelistEndpoints.add, entry);
    const answer = await post(whitelistEndpoints.add.path, 'ip=203.0.113.7&remark=%20office%20');

    expect(answer).toEqual({ status: 200, body: { code: 0, msg: '', data: entry } });
    expect(add.sent).toEqual([{ ip: '203.0.113.7', remark: ' office ' }]);
    expect(add.inputs).toEqual([{ ip: '203.0.113.7', remark: 'office' }]);
  });

  it("answers refusals and pass-through codes with the server's code and HTTP status", async () => {
    mockEndpoint(whitelistEndpoints.add, refuse('WhitelistFull', 'Full'));
    expect(await post(whitelistEndpoints.add.path, 'ip=203.0.113.7')).toEqual({
      status: 409,
      body: { code: ResultCode.WhitelistFull, msg: 'Full', data: null },
    });

    const shortfall = { amount_cents: 3_000, balance_cents: 0, missing_cents: 3_000 };
    mockEndpoint(orderEndpoints.pay, passThrough(orderEndpoints.pay, 'PaymentRequired', shortfall));
    expect(await post(orderEndpoints.pay.path, 'package_id=1&way=balance')).toEqual({
      status: 200,
      body: { code: ResultCode.PaymentRequired, msg: '', data: shortfall },
    });
  });

  it('reports a request the server would refuse, and answers it as the server would', async () => {
    const add = mockEndpoint(whitelistEndpoints.add, entry);
    const answer = await post(whitelistEndpoints.add.path, 'ip=not-an-ip');

    expect(answer.body).toMatchObject({ code: ResultCode.ValidationFailed });
    expect(add.inputs).toEqual([]);
    expect(takeProblems()).toEqual([expect.stringContaining('which the server refuses')]);
  });

  it('reports a call without the session header to an endpoint that needs one', async () => {
    mockEndpoint(whitelistEndpoints.add, entry);
    await post(whitelistEndpoints.add.path, 'ip=203.0.113.7', {});
    expect(takeProblems()).toEqual([expect.stringContaining('without the JWT-TOKEN header')]);
  });

  it('reports unmocked requests, a method the endpoint does not take, and answers that do not fit', async () => {
    await post('/auth/nothing-here', '');
    mockEndpoint(orderEndpoints.pay, refuse('InternalError', 'x'));
    await fetch(`/api${orderEndpoints.pay.path}`, { headers: { 'JWT-TOKEN': 't' } });
    mockEndpoint(whitelistEndpoints.add, { ...entry, id: 'three' } as unknown as typeof entry);
    await post(whitelistEndpoints.add.path, 'ip=203.0.113.7');

    expect(takeProblems()).toEqual([
      expect.stringContaining('Unmocked request: POST /api/auth/nothing-here'),
      expect.stringContaining(`Unmocked request: GET /api${orderEndpoints.pay.path}`),
      expect.stringContaining('does not fit its response'),
    ]);
  });
});

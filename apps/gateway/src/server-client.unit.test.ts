import { describe, expect, it } from 'vitest';
import { createServerClient, ServerCallError } from './server-client';

/** A fetch that answers from a list and records what it was asked. */
function fakeFetch(answers: (Response | Error)[]) {
  const asked: { url: string; headers: unknown; body: string }[] = [];
  const fetch: typeof globalThis.fetch = (url, init) => {
    asked.push({
      url: url instanceof Request ? url.url : url.toString(),
      headers: init?.headers,
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const next = answers.shift() ?? new Error('no answer');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  return { fetch, asked };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const options = { baseUrl: 'http://server', secret: 's'.repeat(40), instanceId: 'gw-1', timeoutMs: 1000 };

describe('server client', () => {
  it('sends the secret and parses envelope data with the contract', async () => {
    const lease = { lease_id: 3, granted_bytes: 5, exhausted: false, revoked: false, expires_at: 'x' };
    const { fetch, asked } = fakeFetch([
      json({ code: 0, msg: 'ok', data: { leases: [lease] } }),
      json({ code: 0, msg: 'ok', data: { events: [], last_id: 7 } }),
    ]);
    const client = createServerClient({ ...options, fetch });
    expect(await client.lease({ account_id: 1, subaccount_id: null }, 10)).toEqual(lease);
    expect(asked[0]?.url).toBe('http://server/api/internal/gateway/leases');
    expect(asked[0]?.headers).toMatchObject({ 'x-internal-secret': 's'.repeat(40) });
    expect(JSON.parse(asked[0]?.body ?? '')).toEqual({
      instance_id: 'gw-1',
      wants: [{ account_id: 1, subaccount_id: null, want_bytes: 10 }],
    });
    expect(await client.events(3)).toEqual({ events: [], last_id: 7 });
    expect(asked[1]?.url).toBe('http://server/api/internal/gateway/events?after=3&instance_id=gw-1');
  });

  it('sends renewals asked together in one call and answers each its own', async () => {
    const answer = (id: number) => ({
      lease_id: id,
      granted_bytes: id * 10,
      exhausted: false,
      revoked: false,
      expires_at: 'x',
    });
    const { fetch, asked } = fakeFetch([
      json({ code: 0, msg: 'ok', data: { leases: [answer(1), answer(2)] } }),
    ]);
    const client = createServerClient({ ...options, fetch });
    const [a, b] = await Promise.all([
      client.lease({ account_id: 1, subaccount_id: null }, 10),
      client.lease({ account_id: 1, subaccount_id: 4 }, 20),
    ]);
    expect([a.lease_id, b.lease_id]).toEqual([1, 2]);
    expect(asked).toHaveLength(1);
    expect((JSON.parse(asked[0]?.body ?? '') as { wants: unknown[] }).wants).toEqual([
      { account_id: 1, subaccount_id: null, want_bytes: 10 },
      { account_id: 1, subaccount_id: 4, want_bytes: 20 },
    ]);
  });

  it('gives leases back through `releases`, several owners in one call', async () => {
    const { fetch, asked } = fakeFetch([json({ code: 0, msg: 'ok', data: { returned_bytes: [5, 0] } })]);
    const client = createServerClient({ ...options, fetch });
    const returned = await Promise.all([
      client.release({ account_id: 1, subaccount_id: null }),
      client.release({ account_id: 2, subaccount_id: 3 }),
    ]);
    expect(returned).toEqual([5, 0]);
    expect(asked.map((a) => a.url)).toEqual(['http://server/api/internal/gateway/releases']);
    expect(JSON.parse(asked[0]?.body ?? '')).toEqual({
      instance_id: 'gw-1',
      owners: [
        { account_id: 1, subaccount_id: null },
        { account_id: 2, subaccount_id: 3 },
      ],
    });
  });

  it('turns error codes, malformed answers and network failures into ServerCallError', async () => {
    const { fetch } = fakeFetch([
      json({ code: 10010, msg: 'Forbidden', data: null }, 403),
      json({ code: 0, msg: 'ok', data: { leases: [{ granted_bytes: -1 }] } }),
      new Response('<html>', { status: 502 }),
      new Error('ECONNREFUSED'),
    ]);
    const client = createServerClient({ ...options, fetch });
    const owner = { account_id: 1, subaccount_id: 2 };
    await expect(client.lease(owner, 1)).rejects.toMatchObject({ code: 10010 });
    await expect(client.lease(owner, 1)).rejects.toThrow(/malformed data/);
    await expect(client.lease(owner, 1)).rejects.toThrow(/without a JSON envelope/);
    await expect(client.lease(owner, 1)).rejects.toBeInstanceOf(ServerCallError);
  });

  it('retries a usage batch with the same id', async () => {
    const { fetch, asked } = fakeFetch([
      new Error('reset'),
      json({ code: 10000, msg: 'error', data: null }, 500),
      json({ code: 0, msg: 'ok', data: { applied: true } }),
    ]);
    const client = createServerClient({ ...options, fetch, usageBackoffMs: 1 });
    const batch = { batch_id: 'gw-1:a.1', instance_id: 'gw-1', entries: [] };
    expect(await client.usage(batch)).toEqual({ applied: true });
    expect(asked.map((a) => JSON.parse(a.body) as { batch_id: string }).map((b) => b.batch_id)).toEqual([
      'gw-1:a.1',
      'gw-1:a.1',
      'gw-1:a.1',
    ]);
  });
});

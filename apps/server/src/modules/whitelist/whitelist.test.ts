import { MAX_WHITELIST_IPS, validationDetailsSchema, whitelistEndpoints } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { apiUrl, successData } from '@resiport/testkit';

describe('IP whitelist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const customer = async () => authHeader((await signedInAccount(t)).token);
  const add = (headers: Record<string, string>, values: Record<string, string>) =>
    t.sendUnchecked(whitelistEndpoints.add, values, { headers });
  const list = async (headers: Record<string, string>) =>
    successData(await t.send(whitelistEndpoints.list, {}, { headers, remoteAddress: '198.51.100.23' }));
  let next = 0;
  /** A fresh documentation-range address per test, so tests never collide on the global uniqueness. */
  const freshIp = () => `203.0.${Math.floor(++next / 250)}.${(next % 250) + 1}`;

  it('adds IPv4 and IPv6 addresses in canonical form, with a remark and the time added', async () => {
    const headers = await customer();
    const v4 = freshIp();
    expect(await add(headers, { ip: ` ${v4} `, remark: 'office' })).toMatchObject({
      code: 0,
      data: { ip: v4, remark: 'office' },
    });
    const v6 = await add(headers, { ip: '2001:0DB8:0000:0000:0000:0000:0000:0abc' });
    expect(v6.data).toMatchObject({ ip: '2001:db8::abc', remark: '' });
    const viaGet = await t.call({
      method: 'GET',
      url: `${apiUrl(whitelistEndpoints.add)}?ip=::ffff:192.0.2.77`,
      headers,
    });
    expect(viaGet.data).toMatchObject({ ip: '192.0.2.77' });
    const listed = await list(headers);
    expect(listed).toMatchObject({ total: 3, limit: MAX_WHITELIST_IPS, current_ip: '198.51.100.23' });
    expect(listed.list.map((e) => e.ip)).toEqual(['192.0.2.77', '2001:db8::abc', v4]);
  });

  it.each([
    '256.1.1.1',
    '1.2.3',
    '01.2.3.4',
    '1.2.3.4.5',
    '2001:db8::1::2',
    '2001:db8:0:0:0:0:0:0:1',
    'fe80::1%eth0',
    'gggg::1',
    '',
    'localhost',
  ])('refuses %j with the IP message', async (ip) => {
    const headers = await customer();
    const response = await add(headers, { ip });
    expect(response.code).toBe(10001);
    expect(validationDetailsSchema.parse(response.data).fields.ip).toBeTruthy();
    expect((await list(headers)).total).toBe(0);
  });

  it.each(['127.0.0.1', '0.0.0.0', '255.255.255.255', '::1', '::', 'ff02::1'])(
    'refuses the unroutable address %j',
    async (ip) => {
      expect((await add(await customer(), { ip })).code).toBe(10036);
    },
  );

  it('keeps an address on one account: yours again → 10033, another account’s → 10034, in any spelling', async () => {
    const a = await customer();
    const b = await customer();
    expect((await add(a, { ip: '2001:db8:1::5' })).code).toBe(0);
    expect((await add(a, { ip: '2001:DB8:1:0::5' })).code).toBe(10033);
    expect((await add(b, { ip: '2001:db8:1:0:0:0:0:5' })).code).toBe(10034);
    expect((await list(b)).total).toBe(0);
  });

  it('updates and deletes entries; a changed address gets the same checks', async () => {
    const headers = await customer();
    const other = await customer();
    const taken = freshIp();
    await add(other, { ip: taken });
    const entry = successData(await add(headers, { ip: freshIp(), remark: 'old' }));
    const renamed = await t.send(
      whitelistEndpoints.update,
      { id: String(entry.id), remark: 'new' },
      { headers },
    );
    expect(renamed.data).toMatchObject({ id: entry.id, remark: 'new', ip: entry.ip });
    const moved = freshIp();
    expect(
      (await t.send(whitelistEndpoints.update, { id: String(entry.id), ip: moved }, { headers })).data,
    ).toMatchObject({ ip: moved });
    expect(
      (await t.send(whitelistEndpoints.update, { id: String(entry.id), ip: taken }, { headers })).code,
    ).toBe(10034);
    expect(
      (await t.send(whitelistEndpoints.update, { id: String(entry.id), ip: '1.2.3' }, { headers })).code,
    ).toBe(10001);
    expect(
      (await t.send(whitelistEndpoints.update, { id: String(entry.id), ip: '127.0.0.2' }, { headers })).code,
    ).toBe(10036);
    expect((await t.send(whitelistEndpoints.update, { id: 'abc' }, { headers })).code).toBe(10001);
    expect((await t.send(whitelistEndpoints.delete, { id: String(entry.id) }, { headers })).code).toBe(0);
    expect(
      (await t.call({ method: 'GET', url: `${apiUrl(whitelistEndpoints.delete)}?id=${entry.id}`, headers }))
        .code,
    ).toBe(10009);
    expect((await list(headers)).total).toBe(0);
    // The address is free again.
    expect((await add(other, { ip: moved })).code).toBe(0);
  });

  it(`holds the limit of ${MAX_WHITELIST_IPS} addresses even under ${MAX_WHITELIST_IPS + 10} parallel adds`, async () => {
    const headers = await customer();
    const ips = Array.from({ length: MAX_WHITELIST_IPS + 10 }, freshIp);
    const responses = await Promise.all(ips.map((ip) => add(headers, { ip })));
    const codes = responses.map((r) => r.code);
    console.info(
      `whitelist limit: ${ips.length} parallel adds → ${codes.filter((c) => c === 0).length} added, ${codes.filter((c) => c === 10035).length} refused (10035)`,
    );
    expect(codes.filter((c) => c === 0)).toHaveLength(MAX_WHITELIST_IPS);
    expect(codes.filter((c) => c === 10035)).toHaveLength(10);
    expect((await list(headers)).total).toBe(MAX_WHITELIST_IPS);
  });
});

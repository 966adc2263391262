import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountEndpoints, orderEndpoints } from '@resiport/contract';
import { apiUrl, successData } from '@resiport/testkit';

const GB = 1_000_000_000;

describe('order quotes (GET /order/check): tiers, packages, trial, and every refusal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const quote = (token: string, query: string) =>
    t.call({ method: 'GET', url: `${apiUrl(orderEndpoints.check)}?${query}`, headers: authHeader(token) });
  const funded = async () => signedInAccount(t);

  it('quotes a quantity at its tier price, with the crypto fee only for crypto', async () => {
    const { token } = await funded();
    const crypto = await quote(token, 'quantity=10');
    expect(crypto).toMatchObject({
      code: 0,
      data: {
        traffic_bytes: 10 * GB,
        quantity_gb: 10,
        price_per_gb_cents: 400,
        original_cents: 4000,
        discount_cents: 0,
        amount_cents: 4000,
        fee_cents: 120,
        total_cents: 4120,
        way: 'cryptomus',
        coupon: null,
      },
    });
    const balance = await quote(token, 'quantity=9&way=balance');
    expect(balance.data).toMatchObject({
      price_per_gb_cents: 450,
      amount_cents: 4050,
      fee_cents: 0,
      total_cents: 4050,
    });
  });

  it('quotes packages and the trial', async () => {
    const { token } = await funded();
    const packages = await t.send(orderEndpoints.packages, {}, { token });
    const list = successData(packages).list;
    const starter = list.find((p) => p.code === 'starter');
    const starterQuote = await quote(token, `package_id=${starter?.id}&way=balance`);
    expect(starterQuote.data).toMatchObject({
      traffic_bytes: 5 * GB,
      price_per_gb_cents: 450,
      total_cents: 2250,
    });
    const trial = await quote(token, 'trial=true');
    expect(trial.data).toMatchObject({
      is_trial: true,
      traffic_bytes: GB / 10,
      total_cents: 0,
      fee_cents: 0,
    });
  });

  it.each([
    ['quantity=0', 10001],
    ['quantity=-1', 10001],
    ['quantity=1.5', 10001],
    ['quantity=abc', 10001],
    ['quantity=1e3', 10001],
    ['quantity=10001', 10001],
    ['quantity=', 10001],
    ['', 10001],
    ['quantity=2&package_id=2', 10001],
    ['trial=true&coupon=ANY', 10001],
    ['quantity=2&way=paypal', 10001],
    ['quantity=2&trial=maybe', 10001],
    ['package_id=999999', 10028],
    ['package_id=abc', 10001],
    ['quantity=2&coupon=NO-SUCH-CODE', 10023],
  ])('refuses the selection %j with code %i', async (query, code) => {
    const { token } = await funded();
    const response = await quote(token, query);
    expect(response.code).toBe(code);
    expect(response.msg).not.toBe('');
  });

  it("says 'Invalid code' for an unknown coupon, in the caller's language", async () => {
    const { token } = await funded();
    expect((await quote(token, 'quantity=1&coupon=nope')).msg).toBe('Invalid code');
    expect((await t.send(accountEndpoints.setLang, { lang: 'ru' }, { token })).code).toBe(0);
    const ru = await quote(token, 'quantity=1&coupon=nope');
    expect(ru.msg).toBe('Неверный код');
  });

  it('needs a signed-in account', async () => {
    const response = await t.call({ method: 'GET', url: `${apiUrl(orderEndpoints.check)}?quantity=1` });
    expect(response.code).toBe(10013);
  });
});

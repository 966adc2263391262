import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, fundedCustomer, payOrder } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountRateLimits } from '../rate-limit/limits';
import { receiptEndpoints } from '@resiport/contract';
import { apiUrl, successData } from '@resiport/testkit';

describe('receipt PDFs are bounded per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
  });
  afterAll(() => t.close());

  it('draws a PDF up to the limit a minute, then answers 429; HTML and another account go on', async () => {
    const get = (token: string, query: string) =>
      t.app.inject({
        method: 'GET',
        url: `${apiUrl(receiptEndpoints.get)}?${query}`,
        headers: authHeader(token),
      });
    const { token } = await fundedCustomer(t, 10_000);
    const other = await fundedCustomer(t, 10_000);
    const order = async (who: string) => {
      const answer = await payOrder(t, who, { quantity: '1', way: 'balance' });
      expect(answer.code).toBe(0);
      return successData(answer).order.id;
    };
    const [mine, theirs] = [await order(token), await order(other.token)];
    const { limit } = accountRateLimits.receiptPdf;
    const answers = await Promise.all(
      Array.from({ length: limit + 3 }, () => get(token, `kind=order&id=${mine}&format=pdf`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(answers.find((a) => a.statusCode === 429)?.json()).toMatchObject({ code: 10008 });
    expect((await get(token, `kind=order&id=${mine}&format=html`)).statusCode).toBe(200);
    expect((await get(other.token, `kind=order&id=${theirs}&format=pdf`)).statusCode).toBe(200);
  });
});

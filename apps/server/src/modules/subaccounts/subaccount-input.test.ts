import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationDetailsSchema } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { subaccountCalls } from '../../../test/subaccounts';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Bad input to the sub-account calls: each refused with a field message, and nothing created or moved. */
describe('sub-accounts: usernames, passwords and traffic amounts that are refused', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { username, customer, add, move, list } = subaccountCalls(() => t);

  it.each([
    ['11 characters', 'abcdefghijk'],
    ['25 characters', 'abcdefghijklmnopqrstuvwxy'],
    ['symbols', 'proxy_user_0001'],
    ['a space', 'proxy user 0001'],
    ['a Cyrillic look-alike', 'proxyusеr0001'],
    ['full-width digits', 'proxyuser０００１'],
    ['nothing', ''],
  ])('refuses a username with %s', async (_label, name) => {
    const { headers } = await customer();
    const response = await add(headers, { username: name });
    expect(response.code).toBe(10001);
    expect(validationDetailsSchema.parse(response.data).fields.username).toBeTruthy();
    expect((await list(headers)).total).toBe(0);
  });

  it.each([
    ['a colon', 'pass:word1'],
    ['an at sign', 'pass@word1'],
    ['7 characters', 'abc1234'],
    ['33 characters', 'a'.repeat(33)],
    ['a space', 'pass word1'],
  ])('refuses a chosen proxy password with %s', async (_label, password) => {
    const { headers } = await customer();
    expect((await add(headers, { username: username(), password })).code).toBe(10001);
  });

  it.each(['-1', '1e3', '0.0000000001', 'abc', '99999999999', ' ', '0x10'])(
    'refuses the traffic amount %j',
    async (traffic) => {
      const { headers } = await customer(1);
      const created = successData(await add(headers, { username: username() }));
      expect((await add(headers, { username: username(), traffic })).code).toBe(10001);
      expect(
        (
          await move(headers, {
            id: String(created.id),
            action: 'allocate',
            traffic,
            request_id: 'req-00000001',
          })
        ).code,
      ).toBe(10001);
    },
  );
});

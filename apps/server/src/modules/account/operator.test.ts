import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedAccount, logIn, uniqueEmail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { grantOperator } from './operator.service';
import { accountEndpoints } from '@resiport/contract';

describe('operators (the admin CLI)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('promotes an existing customer; /user/info then names the operator role', async () => {
    const { email } = await activatedAccount(t);
    expect(await grantOperator(t.ctx.db, email, undefined)).toBe('promoted');
    expect(await grantOperator(t.ctx.db, email, undefined)).toBe('already-operator');
    const info = await t.send(accountEndpoints.userInfo, {}, { token: await logIn(t, email) });
    expect(info.data).toMatchObject({ access: { name: 'operator' } });
  });

  it('creates a new active operator only with a valid password', async () => {
    const email = uniqueEmail('op');
    await expect(grantOperator(t.ctx.db, email, 'weak')).rejects.toThrow(/password/);
    expect(await grantOperator(t.ctx.db, email, 'Operator123')).toBe('created');
    expect(await logIn(t, email, 'Operator123')).toMatch(/\./);
  });
});

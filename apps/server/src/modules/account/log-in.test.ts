import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedAccount, GOOD_PASSWORD, uniqueEmail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountEndpoints, validationDetailsSchema } from '@resiport/contract';
import { successData } from '@resiport/testkit';

describe('POST /account/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns a session whose soft expiry comes well before the hard one', async () => {
    const { email } = await activatedAccount(t);
    const response = await t.send(accountEndpoints.login, {
      email: ` ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
    });
    expect(response.code).toBe(0);
    const { jwt_token, expire_at } = successData(response);
    const claims = decodeJwt(jwt_token);
    expect(expire_at - Math.floor(Date.now() / 1000)).toBeCloseTo(t.config.session.refreshAfter, -1);
    expect((claims.exp ?? 0) - expire_at).toBeGreaterThan(6 * 60);
    expect(claims).toMatchObject({ typ: 'session', aud: 'resiport-api' });
  });

  it('wrong password → "Password error"; unknown email → "This email has not been registered"', async () => {
    const { email } = await activatedAccount(t);
    expect(await t.send(accountEndpoints.login, { email, password: 'Wrong12345' })).toMatchObject({
      status: 400,
      code: 10005,
      msg: 'Password error',
    });
    expect(
      await t.send(accountEndpoints.login, { email: uniqueEmail(), password: GOOD_PASSWORD }),
    ).toMatchObject({
      status: 404,
      code: 10004,
      msg: 'This email has not been registered',
    });
  });

  it('validates input: missing password gets the product text, absurdly long input is refused before hashing', async () => {
    const missing = await t.sendUnchecked(accountEndpoints.login, { email: uniqueEmail() });
    expect(validationDetailsSchema.parse(missing.data).fields.password).toBe('Please enter your passowrd');
    const huge = await t.send(accountEndpoints.login, {
      email: uniqueEmail(),
      password: 'x'.repeat(5000),
    });
    expect(huge).toMatchObject({ status: 400, code: 10001 });
  });

  it('a disabled account cannot sign in', async () => {
    const { email } = await activatedAccount(t);
    await t.ctx.db.updateTable('accounts').set({ status: 'disabled' }).where('email', '=', email).execute();
    expect((await t.send(accountEndpoints.login, { email, password: GOOD_PASSWORD })).code).toBe(10014);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, GOOD_PASSWORD, signedInAccount } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { accountEndpoints, validationDetailsSchema } from '@resiport/contract';
import { successData } from '@resiport/testkit';

describe('/user calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /user/info describes the signed-in customer', async () => {
    const { email, token } = await signedInAccount(t);
    const response = await t.send(accountEndpoints.userInfo, {}, { token });
    expect(response.code).toBe(0);
    expect(response.data).toMatchObject({
      email,
      balance_cents: 0,
      traffic_left_bytes: 0,
      traffic_used_bytes: 0,
      lang: 'en-us',
      has_api_token: false,
      has_password: true,
      access: { name: 'dontHaveAccess' },
    });
    expect(response.data).not.toHaveProperty('password_hash');
    expect(response.data).not.toHaveProperty('api_token_hash');
  });

  it('POST /user/setlang switches the language of every later message', async () => {
    const { token } = await signedInAccount(t);
    const set = await t.send(accountEndpoints.setLang, { lang: 'ru' }, { token });
    expect(set).toMatchObject({ code: 0, msg: 'Успешно' });
    const wrong = await t.send(
      accountEndpoints.changePassword,
      { old_password: 'Nope12345', password: 'Fresh1234', confirm: 'Fresh1234' },
      { token },
    );
    expect(wrong.msg).toBe('Неверный пароль');
    const bad = await t.sendUnchecked(accountEndpoints.setLang, { lang: 'de' }, { token });
    expect(bad).toMatchObject({ status: 400, code: 10001 });
    const info = await t.send(accountEndpoints.userInfo, {}, { token });
    expect(info.data).toMatchObject({ lang: 'ru' });
  });

  it('POST /user/changepwd checks the current password, the rules and that the new one differs', async () => {
    const { email, token } = await signedInAccount(t);
    const change = (values: Record<string, string>) =>
      t.sendUnchecked(accountEndpoints.changePassword, values, { token });
    expect(
      await change({ old_password: 'Wrong1234', password: 'Fresh1234', confirm: 'Fresh1234' }),
    ).toMatchObject({ code: 10005 });
    const same = await change({
      old_password: GOOD_PASSWORD,
      password: GOOD_PASSWORD,
      confirm: GOOD_PASSWORD,
    });
    expect(validationDetailsSchema.parse(same.data).fields.password).toBe(
      'The new password must be different from the previous one',
    );
    const mismatch = await change({
      old_password: GOOD_PASSWORD,
      password: 'Fresh1234',
      confirm: 'Fresh12345',
    });
    expect(validationDetailsSchema.parse(mismatch.data).fields.confirm).toBe('The password is not the same');
    expect(await change({ old_password: GOOD_PASSWORD, password: 'weak', confirm: 'weak' })).toMatchObject({
      code: 10001,
    });
    const done = await change({ old_password: GOOD_PASSWORD, password: 'Fresh1234', confirm: 'Fresh1234' });
    expect(done).toMatchObject({ code: 0, msg: 'Your password has been changed' });
    expect((await t.send(accountEndpoints.login, { email, password: GOOD_PASSWORD })).code).toBe(10005);
    expect((await t.send(accountEndpoints.login, { email, password: 'Fresh1234' })).code).toBe(0);
  });

  it('POST /user/genToken: shown once, stored hashed, works as JWT-TOKEN and Bearer, regenerating kills the old one', async () => {
    const { email, token } = await signedInAccount(t);
    const first = await t.send(accountEndpoints.genToken, {}, { token });
    const apiToken = successData(first).api_token;
    expect(apiToken).toMatch(/^rp_[\w-]{43}$/);
    const row = await t.ctx.db
      .selectFrom('accounts')
      .select('api_token_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.api_token_hash).not.toContain(apiToken.slice(3));
    const viaHeader = await t.send(accountEndpoints.userInfo, {}, { token: apiToken });
    expect(viaHeader.data).toMatchObject({ email, has_api_token: true });
    const viaBearer = await t.send(
      accountEndpoints.userInfo,
      {},
      { headers: { authorization: `Bearer ${apiToken}` } },
    );
    expect(viaBearer.code).toBe(0);

    const second = await t.send(accountEndpoints.genToken, {}, { token });
    const newToken = successData(second).api_token;
    expect(newToken).not.toBe(apiToken);
    expect((await t.send(accountEndpoints.userInfo, {}, { token: apiToken })).code).toBe(10013);
    expect((await t.send(accountEndpoints.userInfo, {}, { token: newToken })).code).toBe(0);
  });

  it('the developer token cannot change the password, mint tokens or refresh sessions', async () => {
    const { token } = await signedInAccount(t);
    const apiToken = successData(await t.send(accountEndpoints.genToken, {}, { token })).api_token;
    const asApi = authHeader(apiToken);
    expect(await t.send(accountEndpoints.genToken, {}, { headers: asApi })).toMatchObject({
      status: 403,
      code: 10015,
    });
    expect(
      await t.send(
        accountEndpoints.changePassword,
        { old_password: GOOD_PASSWORD, password: 'Fresh1234', confirm: 'Fresh1234' },
        { headers: asApi },
      ),
    ).toMatchObject({ code: 10015 });
    expect(await t.send(accountEndpoints.refreshToken, {}, { headers: asApi })).toMatchObject({
      code: 10015,
    });
  });

  it('ignores fields a client should not set (mass assignment)', async () => {
    const { email, token } = await signedInAccount(t);
    await t.sendUnchecked(
      accountEndpoints.setLang,
      { lang: 'ru', role: 'operator', balance_cents: '100000', email: 'x@y.z' },
      { token },
    );
    const row = await t.ctx.db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'customer', balance_cents: 0n, lang: 'ru' });
  });
});

import { accountEndpoints, type EndpointInput, securityEndpoints } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signedInAccount, startOfFreshRateWindow } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { totpCodeAt } from './totp';
import { passThroughData, successData } from '@resiport/testkit';

/** Two-factor sign-in through the API (decision 021); the e2e journey walks it in Chromium. */
describe('two-factor sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
  });
  afterAll(() => t.close());

  /** The authenticator app: the code for the app's clock, one step later each call. */
  const phone = (secret: string) => {
    t.advanceClock(30);
    return totpCodeAt(secret, t.ctx.clock());
  };

  async function enrolled() {
    const account = await signedInAccount(t);
    const setup = await t.send(securityEndpoints.twoFactorSetup, {}, { token: account.token });
    expect(setup.code).toBe(0);
    const { secret, qr_data_url: qr, otpauth_uri: uri } = successData(setup);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    expect(uri).toContain(`secret=${secret}`);
    const wrong = await t.send(
      securityEndpoints.twoFactorEnable,
      { code: '000000' },
      { token: account.token },
    );
    expect(wrong.code === 10041 || totpCodeAt(secret, t.ctx.clock()) === '000000').toBe(true);
    const enabled = await t.send(
      securityEndpoints.twoFactorEnable,
      { code: phone(secret) },
      { token: account.token },
    );
    expect(enabled).toMatchObject({ code: 0, msg: 'Two-factor sign-in is on' });
    const { recovery_codes: codes } = successData(enabled);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    return { ...account, secret, codes };
  }

  const passwordStep = async (email: string) => {
    const response = await t.send(accountEndpoints.login, { email, password: GOOD_PASSWORD });
    expect(response.code).toBe(10040);
    expect(response.status).toBe(200);
    const data = passThroughData(accountEndpoints.login, 'TwoFactorRequired', response);
    expect(data).not.toHaveProperty('jwt_token');
    return data.challenge;
  };
  const codeStep = (challenge: string, code: string) =>
    t.send(accountEndpoints.twoFactorLogin, { challenge, code });

  it('enrols with a QR code and a code, then asks for a code at sign-in; a code works once', async () => {
    const { email, secret, token } = await enrolled();
    const overview = await t.send(securityEndpoints.overview, {}, { token });
    expect(overview.data).toMatchObject({ two_factor_enabled: true, recovery_codes_left: 10 });

    const challenge = await passwordStep(email);
    expect((await codeStep(challenge, '12345')).code).toBe(10001);
    const wrong = await codeStep(challenge, '999999');
    expect(wrong.code).toBe(totpCodeAt(secret, t.ctx.clock()) === '999999' ? 0 : 10041);
    const code = phone(secret);
    const signedIn = await codeStep(challenge, code);
    expect(signedIn.code).toBe(0);
    const session = successData(signedIn).jwt_token;
    expect((await t.send(accountEndpoints.userInfo, {}, { token: session })).code).toBe(0);
    // The same code again (a replay, or a shoulder-surfer) is refused even with a fresh ticket.
    expect((await codeStep(await passwordStep(email), code)).code).toBe(10041);
  });

  it('a recovery code signs in once; a used one is refused; the count goes down', async () => {
    const { email, codes, token } = await enrolled();
    const first = codes[0] ?? '';
    expect((await codeStep(await passwordStep(email), first.toUpperCase().replace('-', ''))).code).toBe(0);
    expect((await codeStep(await passwordStep(email), first)).code).toBe(10041);
    const overview = await t.send(securityEndpoints.overview, {}, { token });
    expect(overview.data).toMatchObject({ recovery_codes_left: 9 });
  });

  it('a ticket is good for 5 minutes and 5 attempts; a forged or stale one asks to sign in again', async () => {
    startOfFreshRateWindow(t);
    const { email, secret } = await enrolled();
    const challenge = await passwordStep(email);
    for (let i = 0; i < 5; i++) expect((await codeStep(challenge, `00000${i}`)).code).toBe(10041);
    expect((await codeStep(challenge, phone(secret))).code).toBe(10008);
    const stale = await passwordStep(email);
    t.advanceClock(301);
    expect((await codeStep(stale, totpCodeAt(secret, t.ctx.clock()))).code).toBe(10017);
    expect((await codeStep(`${stale}x`, '123456')).code).toBe(10017);
  });

  it('turning it off needs the password and a code; wrong ones change nothing', async () => {
    const { email, secret, token } = await enrolled();
    const off = (input: EndpointInput<typeof securityEndpoints.twoFactorDisable>) =>
      t.send(securityEndpoints.twoFactorDisable, input, { token });
    expect((await off({ password: 'Wrong1234', code: phone(secret) })).code).toBe(10005);
    expect(
      (await t.sendUnchecked(securityEndpoints.twoFactorDisable, { code: phone(secret) }, { token })).code,
    ).toBe(10005);
    expect((await off({ password: GOOD_PASSWORD, code: '000001' })).code).toBe(10041);
    expect((await passwordStep(email)).length).toBeGreaterThan(0);
    expect(await off({ password: GOOD_PASSWORD, code: phone(secret) })).toMatchObject({ code: 0 });
    const plain = await t.send(accountEndpoints.login, { email, password: GOOD_PASSWORD });
    expect(plain.code).toBe(0);
    expect(
      (
        await off({
          password: GOOD_PASSWORD,
          code: '123456',
        })
      ).code,
    ).toBe(10043);
  });

  it('keeps the secret sealed at rest and out of the logs', async () => {
    const { email, secret } = await enrolled();
    const row = await t.ctx.db
      .selectFrom('accounts')
      .select('totp_secret_sealed')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret_sealed).toMatch(/^v1\./);
    expect(row.totp_secret_sealed).not.toContain(secret);
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('a developer API token can neither see nor change two-factor settings', async () => {
    const { token } = await signedInAccount(t);
    const minted = await t.send(accountEndpoints.genToken, {}, { token });
    const apiToken = successData(minted).api_token;
    expect((await t.send(securityEndpoints.twoFactorSetup, {}, { token: apiToken })).code).toBe(10015);
    expect((await t.send(securityEndpoints.overview, {}, { token: apiToken })).code).toBe(10015);
  });
});

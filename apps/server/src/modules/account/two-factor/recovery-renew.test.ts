import { accountEndpoints, ResultCode, securityEndpoints } from '@resiport/contract';
import { passThroughData, successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signedInAccount } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { enrolledAccount, phoneOf } from './two-factor.test-helpers';

/** New recovery codes without turning two-factor off: a current authenticator code, and the old ones die. */
describe('two-factor: renewing the recovery codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const phone = phoneOf(() => t);

  it('gives 10 new codes for an authenticator code; the old ones and a recovery code do not work', async () => {
    const account = await enrolledAccount(t);
    const { token, secret, codes: old } = account;

    // A recovery code cannot make more of them, and a wrong or reused code changes nothing.
    const byRecovery = await t.send(securityEndpoints.recoveryCodesRenew, { code: old[0] ?? '' }, { token });
    expect(byRecovery.code).toBe(ResultCode.ValidationFailed);
    const code = phone(secret);
    const renewed = successData(await t.send(securityEndpoints.recoveryCodesRenew, { code }, { token }));
    expect(renewed.recovery_codes).toHaveLength(10);
    expect(renewed.recovery_codes.filter((c) => old.includes(c))).toEqual([]);
    const reused = await t.send(securityEndpoints.recoveryCodesRenew, { code }, { token });
    expect(reused.code).toBe(ResultCode.TwoFactorCodeInvalid);

    const signInWith = async (recovery: string) => {
      const login = await t.send(accountEndpoints.login, { email: account.email, password: GOOD_PASSWORD });
      const { challenge } = passThroughData(accountEndpoints.login, 'TwoFactorRequired', login);
      return (await t.send(accountEndpoints.twoFactorLogin, { challenge, code: recovery })).code;
    };
    expect(await signInWith(old[1] ?? '')).toBe(ResultCode.TwoFactorCodeInvalid);
    expect(await signInWith(renewed.recovery_codes[0] ?? '')).toBe(0);
    const overview = successData(await t.send(securityEndpoints.overview, {}, { token }));
    expect(overview.recovery_codes_left).toBe(9);
  });

  it('refuses an account without two-factor', async () => {
    const { token } = await signedInAccount(t);
    const answer = await t.send(securityEndpoints.recoveryCodesRenew, { code: '123456' }, { token });
    expect(answer.code).toBe(ResultCode.TwoFactorNotEnabled);
  });
});

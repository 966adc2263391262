import { securityEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { signedInAccount } from '../../../../test/factories';
import type { TestApp } from '../../../../test/test-app';
import { totpCodeAt } from './totp';

/** The authenticator app: the code for the app's clock, one 30 s step later each call (a code works once). */
export const phoneOf = (app: () => TestApp) => (secret: string) => {
  const t = app();
  t.advanceClock(30);
  return totpCodeAt(secret, t.ctx.clock());
};

/** A signed-in account with two-factor on: its secret and the recovery codes it was shown. */
export async function enrolledAccount(t: TestApp) {
  const account = await signedInAccount(t);
  const { token } = account;
  const { secret } = successData(await t.send(securityEndpoints.twoFactorSetup, {}, { token }));
  const enabled = await t.send(
    securityEndpoints.twoFactorEnable,
    { code: phoneOf(() => t)(secret) },
    { token },
  );
  return { ...account, secret, codes: successData(enabled).recovery_codes };
}

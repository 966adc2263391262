import { extractFirstLink } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedAccount, GOOD_PASSWORD, uniqueEmail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountEndpoints } from '@resiport/contract';

/** Races that must resolve to exactly one winner, on PGlite and on PostgreSQL alike. */
describe('account races', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ten simultaneous sign-ups of one email leave exactly one account', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.send(accountEndpoints.signup, {
          email,
          password: GOOD_PASSWORD,
          confirm: GOOD_PASSWORD,
        }),
      ),
    );
    expect(answers.every((a) => a.code === 0 || a.code === 10002)).toBe(true);
    const rows = await t.ctx.db.selectFrom('accounts').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('one reset link used by ten requests at once changes the password exactly once', async () => {
    const { email } = await activatedAccount(t);
    await t.send(accountEndpoints.forgetPwd, { email });
    const mail = await t.mailbox.waitForMail({ to: email, subjectIncludes: 'Reset' });
    const token =
      new URL(extractFirstLink(mail, '/client/user/resetpassword')).searchParams.get('token') ?? '';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.send(accountEndpoints.resetPwd, {
          token,
          password: `Racer${i}abc`,
          confirm: `Racer${i}abc`,
        }),
      ),
    );
    const winners = answers.flatMap((a, i) => (a.code === 0 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.code === 10016)).toHaveLength(9);
    expect(
      (await t.send(accountEndpoints.login, { email, password: `Racer${winners[0] ?? -1}abc` })).code,
    ).toBe(0);
  });
});

import { accountEndpoints, accountLinks, ResultCode } from '@resiport/contract';
import { apiUrl, extractFirstLink, passThroughData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { totpCodeAt } from './totp';
import { enrolledAccount, phoneOf } from './two-factor.test-helpers';
import { TWO_FACTOR_MAX_FAILURES } from './two-factor-lock';

/**
 * The cap on two-factor codes (decision 050): the rate limits slow a guesser who has the password;
 * after TWO_FACTOR_MAX_FAILURES wrong codes in a row the second step takes only a recovery code or
 * the owner's mailed link, and the owner is told. Rate limits are off here, so the cap alone is tested.
 */
describe('two-factor sign-in: the cap on wrong codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const phone = phoneOf(() => t);
  const enrolled = () => enrolledAccount(t);
  const challengeOf = async (email: string) =>
    passThroughData(
      accountEndpoints.login,
      'TwoFactorRequired',
      await t.send(accountEndpoints.login, { email, password: GOOD_PASSWORD }),
    ).challenge;
  const codeStep = (challenge: string, code: string) =>
    t.send(accountEndpoints.twoFactorLogin, { challenge, code });
  /** A code the app does not show now. */
  const wrongCode = (secret: string) =>
    totpCodeAt(secret, t.ctx.clock()) === '000000' ? '111111' : '000000';

  async function guessUntilLocked(email: string, secret: string) {
    const codes: number[] = [];
    for (let guess = 0; guess < TWO_FACTOR_MAX_FAILURES; guess++) {
      // A fresh ticket every few guesses, as a guesser with the password would fetch them.
      const challenge = await challengeOf(email);
      codes.push((await codeStep(challenge, wrongCode(secret))).code);
    }
    return codes;
  }

  it('after 10 wrong codes: the right code is refused, the owner gets a mail, its link unlocks it', async () => {
    const { email, secret } = await enrolled();
    const codes = await guessUntilLocked(email, secret);
    expect(codes.slice(0, -1).every((code) => code === ResultCode.TwoFactorCodeInvalid)).toBe(true);
    expect(codes.at(-1)).toBe(ResultCode.TwoFactorLocked);

    // The password again, and now even the right code: still locked.
    const locked = await codeStep(await challengeOf(email), phone(secret));
    expect(locked.code).toBe(ResultCode.TwoFactorLocked);
    expect(locked.msg).toContain('recovery code');
    expect(locked.data).toBeNull();

    const mail = await t.mailbox.waitForMail({ to: email, subjectIncludes: 'too many wrong codes' });
    expect(mail.text).toContain(`${TWO_FACTOR_MAX_FAILURES} wrong two-factor codes`);
    const link = extractFirstLink(mail, apiUrl(accountLinks.unlockTwoFactor));
    const open = () => t.app.inject({ method: 'GET', url: link.slice(t.config.publicUrl.length) });
    const opened = await open();
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`${t.config.publicUrl}/client/user/login?unlock=ok`);
    // A link works once.
    expect((await open()).headers.location).toBe(`${t.config.publicUrl}/client/user/login?unlock=invalid`);

    const signedIn = await codeStep(await challengeOf(email), phone(secret));
    expect(signedIn.code).toBe(0);
    // Counting starts again from a right code: 9 more wrong ones do not lock it.
    const nine = await Promise.all(
      Array.from(
        { length: TWO_FACTOR_MAX_FAILURES - 1 },
        async () => (await codeStep(await challengeOf(email), wrongCode(secret))).code,
      ),
    );
    expect(new Set(nine)).toEqual(new Set([ResultCode.TwoFactorCodeInvalid]));
  });

  it('a recovery code still signs the owner in while locked, unlocks it, and the owner is told', async () => {
    const { email, secret, codes } = await enrolled();
    await guessUntilLocked(email, secret);
    const recovery = codes[0] ?? '';
    const signedIn = await codeStep(await challengeOf(email), recovery);
    expect(signedIn.code).toBe(0);
    const told = await t.mailbox.waitForMail({ to: email, subjectIncludes: 'recovery code was used' });
    expect(told.text).toContain('9 are left');
    expect(told.text).toMatch(/From: \S+ \(/);
    expect((await codeStep(await challengeOf(email), phone(secret))).code).toBe(0);
  });

  it('a check that fails for another reason than a wrong code gives its attempt back', async () => {
    const { email, secret } = await enrolled();
    const failures = async () =>
      (
        await t.ctx.db
          .selectFrom('accounts')
          .select('two_factor_failures')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).two_factor_failures;
    expect((await codeStep(await challengeOf(email), wrongCode(secret))).code).toBe(
      ResultCode.TwoFactorCodeInvalid,
    );
    expect(await failures()).toBe(1);
    // The stored secret cannot be opened (sealed under another key): no code was ever compared.
    const { totp_secret_sealed: sealed } = await t.ctx.db
      .selectFrom('accounts')
      .select('totp_secret_sealed')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const broken = (sealed ?? '').replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    await t.ctx.db
      .updateTable('accounts')
      .set({ totp_secret_sealed: broken })
      .where('email', '=', email)
      .execute();
    for (let i = 0; i < TWO_FACTOR_MAX_FAILURES + 2; i++) {
      const answer = await codeStep(await challengeOf(email), wrongCode(secret));
      expect(answer.code).not.toBe(ResultCode.TwoFactorCodeInvalid);
      expect(answer.code).not.toBe(ResultCode.TwoFactorLocked);
    }
    expect(await failures()).toBe(1);
    await t.ctx.db
      .updateTable('accounts')
      .set({ totp_secret_sealed: sealed })
      .where('email', '=', email)
      .execute();
    expect((await codeStep(await challengeOf(email), phone(secret))).code).toBe(0);
    expect(await failures()).toBe(0);
  });

  it('parallel wrong codes lock once and send one mail', async () => {
    const { email, secret } = await enrolled();
    const challenges = await Promise.all(
      Array.from({ length: TWO_FACTOR_MAX_FAILURES + 5 }, () => challengeOf(email)),
    );
    const answers = await Promise.all(challenges.map((c) => codeStep(c, wrongCode(secret))));
    // Exactly the allowed number were checked; every other was refused unchecked.
    const counts = answers.map((a) => a.code);
    expect(counts.filter((code) => code === ResultCode.TwoFactorCodeInvalid)).toHaveLength(
      TWO_FACTOR_MAX_FAILURES - 1,
    );
    expect(counts.filter((code) => code === ResultCode.TwoFactorLocked)).toHaveLength(6);
    const lockMails = t.mailbox.mails.filter(
      (mail) => mail.to.includes(email) && mail.subject.includes('too many wrong codes'),
    );
    await t.mailbox.waitForMail({ to: email, subjectIncludes: 'too many wrong codes' });
    expect(lockMails.length).toBeLessThanOrEqual(1);
    const row = await t.ctx.db
      .selectFrom('account_links')
      .select('id')
      .where('purpose', '=', 'unlock_2fa')
      .where(
        'account_id',
        '=',
        (
          await t.ctx.db
            .selectFrom('accounts')
            .select('id')
            .where('email', '=', email)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    expect(row).toHaveLength(1);
  });
});

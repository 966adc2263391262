import { accountEndpoints, securityEndpoints, type ServerLang } from '@resiport/contract';
import { extractFirstLink, successData, type CapturedMail } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signedInAccount } from '../../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/test-app';
import { securityMail } from './security-mail';
import { totpCodeAt } from './two-factor/totp';

/**
 * The owner is told by mail, in the account's language, when its security changes: 2FA on and off, a
 * new password (changed or reset), a sign-in from a new address, a new API token. Each mail says
 * when (and from where, for a sign-in) and links to the account's security settings in the portal.
 */
describe('security mails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The next mail to `email` whose subject has `subject`, arrived after `since` was taken. */
  const mailAfter = (since: Set<CapturedMail>, email: string, subject: string) =>
    t.mailbox.waitForMail((m) => !since.has(m) && m.to.includes(email) && m.subject.includes(subject));
  const settingsLink = `${TEST_PUBLIC_URL}/client/account/setting?tab=security`;

  it('a changed password and a new API token are each mailed, with the time and the settings link', async () => {
    const account = await signedInAccount(t);
    let since = new Set(t.mailbox.mails);
    const changed = await t.send(
      accountEndpoints.changePassword,
      { old_password: GOOD_PASSWORD, password: 'Another-pass.2', confirm: 'Another-pass.2' },
      { token: account.token },
    );
    expect(changed.code).toBe(0);
    const mail = await mailAfter(since, account.email, 'your password was changed');
    expect(mail.text).toMatch(/When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(mail.text).toContain('If this was not you, change your password');
    expect(extractFirstLink(mail, '/client/account/setting')).toBe(settingsLink);

    since = new Set(t.mailbox.mails);
    const token = successData(changed).jwt_token;
    expect((await t.send(accountEndpoints.genToken, {}, { token })).code).toBe(0);
    await mailAfter(since, account.email, 'a new API token was made');
  });

  it('two-factor on and off are mailed', async () => {
    const account = await signedInAccount(t);
    const since = new Set(t.mailbox.mails);
    const { secret } = successData(
      await t.send(securityEndpoints.twoFactorSetup, {}, { token: account.token }),
    );
    t.advanceClock(30);
    const on = await t.send(
      securityEndpoints.twoFactorEnable,
      { code: totpCodeAt(secret, t.ctx.clock()) },
      { token: account.token },
    );
    expect(on.code).toBe(0);
    await mailAfter(since, account.email, 'two-factor sign-in is on');
    t.advanceClock(30);
    const off = await t.send(
      securityEndpoints.twoFactorDisable,
      { password: GOOD_PASSWORD, code: totpCodeAt(secret, t.ctx.clock()) },
      { token: account.token },
    );
    expect(off.code).toBe(0);
    await mailAfter(since, account.email, 'two-factor sign-in is off');
  });

  it('a sign-in from a new address is mailed with the address and browser; the usual one is not', async () => {
    const account = await signedInAccount(t);
    const since = new Set(t.mailbox.mails);
    const from = (remoteAddress: string) =>
      t.send(
        accountEndpoints.login,
        { email: account.email, password: GOOD_PASSWORD },
        { remoteAddress, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' } },
      );
    expect((await from('198.51.100.7')).code).toBe(0);
    const mail = await mailAfter(since, account.email, 'sign-in from a new device');
    expect(mail.text).toContain('From: 198.51.100.7 (Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0)');
    // Again from there: known now, no second mail.
    expect((await from('198.51.100.7')).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const newDevice = t.mailbox.mails.filter(
      (m) => !since.has(m) && m.to.includes(account.email) && m.subject.includes('new device'),
    );
    expect(newDevice).toHaveLength(1);
  });

  it('speaks the account’s language, escapes what it quotes in HTML, and never puts a secret in it', () => {
    const owner = { email: 'a@example.com', lang: 'ru' as ServerLang };
    const mail = securityMail(
      owner,
      'new_device',
      {
        at: new Date('2026-11-28T10:00:00Z'),
        client: { ip: '203.0.113.9', userAgent: '<script>x</script>' },
      },
      { app: 'ProxyCo', publicUrl: 'https://portal.example' },
    );
    expect(mail.subject).toBe('ProxyCo: вход с нового устройства');
    expect(mail.text).toContain('Когда: 2026-11-28 10:00 UTC');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.link).toBe('https://portal.example/client/account/setting?tab=security');
  });
});

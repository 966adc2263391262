import { accountEndpoints } from '@resiport/contract';
import { closedPort } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { MAIL_RETRY_AFTER_SECONDS, sendDueMails } from './mail-queue.service';
import { smtpMailer, type Mailer } from './mailer';

/**
 * Security notices go through the mail queue (decision 051): a mail server that is down when the
 * change happens does not lose the notice nor fail the change; the queue sends it once the server is
 * back, once, however many processes tick at the same time, and gives up after its last attempt.
 */
describe('mail queue', () => {
  let t: TestApp;
  let working: Mailer;
  let down: Mailer;
  beforeAll(async () => {
    t = await createTestApp();
    working = t.ctx.mailer;
    // A real SMTP client aimed at a port nothing listens on: the connection is refused.
    down = smtpMailer(`smtp://127.0.0.1:${await closedPort()}`, 'noreply@resiport.test');
  });
  afterAll(() => {
    down.close();
    return t.close();
  });
  const useMailer = (mailer: Mailer) => Object.assign(t.ctx, { mailer });

  const queued = (email: string) =>
    t.ctx.db.selectFrom('mail_queue').selectAll().where('to_address', '=', email).orderBy('id').execute();

  async function changePasswordWhileDown() {
    const account = await signedInAccount(t);
    useMailer(down);
    try {
      const changed = await t.send(
        accountEndpoints.changePassword,
        { old_password: GOOD_PASSWORD, password: 'Another-pass.2', confirm: 'Another-pass.2' },
        { token: account.token },
      );
      expect(changed.code).toBe(0);
    } finally {
      useMailer(working);
    }
    return account;
  }

  it('the change commits and its notice waits; the queue sends it once the server is back, once', async () => {
    const { email } = await changePasswordWhileDown();
    const [waiting] = await queued(email);
    expect(waiting).toMatchObject({
      kind: 'security.password_changed',
      attempts: 1,
      sent_at: null,
      failed_at: null,
    });
    expect(waiting?.last_error).toContain('ECONNREFUSED');
    expect(waiting?.text_body).not.toContain('Another-pass.2');
    // Not due yet: nothing is tried.
    expect(await sendDueMails(t.ctx)).toBe(0);

    t.advanceClock(MAIL_RETRY_AFTER_SECONDS[0]);
    const before = new Set(t.mailbox.mails);
    // Three processes tick at once: one of them sends it.
    const tried = await Promise.all([sendDueMails(t.ctx), sendDueMails(t.ctx), sendDueMails(t.ctx)]);
    expect(tried.reduce((sum, n) => sum + n, 0)).toBe(1);
    const mail = await t.mailbox.waitForMail({ to: email, subjectIncludes: 'your password was changed' });
    expect(mail.text).toContain('If this was not you');
    expect(t.mailbox.mails.filter((m) => !before.has(m) && m.to.includes(email))).toHaveLength(1);
    const [sent] = await queued(email);
    expect(sent).toMatchObject({ attempts: 2, failed_at: null });
    expect(sent?.sent_at).toBeInstanceOf(Date);

    t.advanceClock(MAIL_RETRY_AFTER_SECONDS[1]);
    expect(await sendDueMails(t.ctx)).toBe(0);
  });

  it('gives up after the last attempt, and does not try again', async () => {
    const { email } = await changePasswordWhileDown();
    useMailer(down);
    try {
      for (const wait of MAIL_RETRY_AFTER_SECONDS) {
        t.advanceClock(wait);
        expect(await sendDueMails(t.ctx)).toBe(1);
      }
    } finally {
      useMailer(working);
    }
    const [given] = await queued(email);
    expect(given).toMatchObject({ attempts: MAIL_RETRY_AFTER_SECONDS.length + 1, sent_at: null });
    expect(given?.failed_at).toBeInstanceOf(Date);
    t.advanceClock(86_400);
    expect(await sendDueMails(t.ctx)).toBe(0);
  });
});

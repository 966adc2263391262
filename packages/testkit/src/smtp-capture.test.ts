import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFirstLink, startSmtpCapture, type SmtpCapture } from './smtp-capture';

describe('startSmtpCapture', () => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(() => capture.close());

  const send = (to: string, subject: string, text: string) => {
    const transport = nodemailer.createTransport(capture.url);
    return transport
      .sendMail({ from: 'Resiport <no-reply@resiport.test>', to, subject, text, html: `<p>${text}</p>` })
      .finally(() => transport.close());
  };

  it('receives a mail over SMTP and parses envelope, subject and both parts', async () => {
    expect(capture.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    await send(
      'Alice@Example.test',
      'Activate your account',
      'Open https://app.test/api/account/activate?token=abc to go on.',
    );

    const mail = await capture.waitForMail({ to: 'alice@example.test', subjectIncludes: 'Activate' });
    expect(mail.to).toEqual(['alice@example.test']);
    expect(mail.from).toBe('no-reply@resiport.test');
    expect(mail.subject).toBe('Activate your account');
    expect(mail.text).toContain('https://app.test/api/account/activate?token=abc');
    expect(mail.html).toContain('<p>Open https://app.test/');
    expect(capture.mails).toContain(mail);
  });

  it('waits for a mail that has not arrived yet, matched by a predicate', async () => {
    const waiting = capture.waitForMail((m) => m.subject === 'Later');
    await send('bob@example.test', 'Later', 'no link here');
    await expect(waiting).resolves.toMatchObject({ to: ['bob@example.test'], subject: 'Later' });
  });

  it('rejects after the timeout, listing what did arrive', async () => {
    await expect(capture.waitForMail({ to: 'nobody@example.test' }, 100)).rejects.toThrow(
      /no matching mail within 100 ms/,
    );
  });

  it('extracts the first link, or the first whose path matches', () => {
    const mail = {
      to: ['x@example.test'],
      from: '',
      subject: 's',
      html: '',
      text: 'Home: http://app.test/client/.\nReset: https://app.test/client/user/resetpassword?token=t1 (once)\n',
    };
    expect(extractFirstLink(mail)).toBe('http://app.test/client/');
    expect(extractFirstLink(mail, '/resetpassword')).toBe(
      'https://app.test/client/user/resetpassword?token=t1',
    );
    expect(() => extractFirstLink(mail, '/activate')).toThrow(/no link containing "\/activate"/);
  });
});

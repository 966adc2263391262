import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about; the outbox prints it so offline sign-up works. */
  link: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real SMTP when `SMTP_URL` is set (nodemailer parses user, password, TLS and options from it). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ to, subject, text, html });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP: each mail becomes an .eml file under `<dataDir>/outbox` and its link is logged,
 * so `npm start` works on a machine with no mail server.
 */
export function outboxMailer(dataDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const dir = path.resolve(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Alerts go out 20 at a time: two mails to one address in one millisecond must be two files.
  let sent = 0;
  return {
    async send({ to, subject, text, html, link }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(dir, { recursive: true });
      const name = `${Date.now()}-${String(++sent).padStart(6, '0')}-${to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`;
      const file = path.join(dir, name);
      await writeFile(file, info.message as Buffer, { flag: 'wx' });
      // Marked so a newcomer finds the activation or reset link in the log at a glance.
      log.info(
        { to, file, link },
        `>>> OUTBOX MAIL to ${to}: "${subject}" → open ${link} (no SMTP_URL; saved as .eml)`,
      );
    },
    close: () => transport.close(),
  };
}

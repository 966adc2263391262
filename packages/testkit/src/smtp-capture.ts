import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** Envelope recipients (RCPT TO), lower-cased: who the mail was really delivered to. */
  to: string[];
  /** The From header's address (what the reader sees), else the envelope sender; '' for neither. */
  from: string;
  subject: string;
  text: string;
  html: string;
}

export type MailMatcher = ((mail: CapturedMail) => boolean) | { to?: string; subjectIncludes?: string };

export interface SmtpCapture {
  /** `smtp://127.0.0.1:PORT`, ready for nodemailer / SMTP_URL. */
  url: string;
  /** Every mail received so far, in arrival order. */
  mails: CapturedMail[];
  /** Resolves with the first mail (already received or arriving later) that matches. */
  waitForMail(match: MailMatcher, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP listener for tests, so the app's mail goes through nodemailer and a socket exactly
 * as in production. STARTTLS is disabled because smtp-server's built-in test certificate has
 * expired and nodemailer would refuse it; AUTH is optional so any SMTP_URL works.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    // A pooled client may hold its connection open; tests should not wait 30 s for it at close().
    closeTimeout: 1000,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from:
              parsed.from?.value[0]?.address ??
              (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const wake of waiters) wake();
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail: (match, timeoutMs = 10_000) => waitFor(mails, waiters, toPredicate(match), timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function toPredicate(match: MailMatcher): (mail: CapturedMail) => boolean {
  if (typeof match === 'function') return match;
  const to = match.to?.toLowerCase();
  return (mail) =>
    (to === undefined || mail.to.includes(to)) &&
    (match.subjectIncludes === undefined || mail.subject.includes(match.subjectIncludes));
}

function waitFor(
  mails: CapturedMail[],
  waiters: Set<() => void>,
  predicate: (mail: CapturedMail) => boolean,
  timeoutMs: number,
): Promise<CapturedMail> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = mails.find(predicate);
      if (!found) return false;
      clearTimeout(timer);
      waiters.delete(check);
      resolve(found);
      return true;
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      const seen = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
      reject(new Error(`no matching mail within ${timeoutMs} ms (received: ${seen})`));
    }, timeoutMs);
    if (!check()) waiters.add(check);
  });
}

/**
 * The first http(s) URL in the mail's text part (optionally the first whose path contains
 * `pathIncludes`). Throws when there is none, so a test fails with the mail body in view.
 */
export function extractFirstLink(mail: CapturedMail, pathIncludes?: string): string {
  // Sentence punctuation right after a URL ("… open https://x/y.") is not part of it.
  const urls = (mail.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).map((url) =>
    url.replace(/[.,;:!?]+$/, ''),
  );
  const link = urls.find((url) => pathIncludes === undefined || url.includes(pathIncludes));
  if (!link) {
    const wanted = pathIncludes ? ` containing "${pathIncludes}"` : '';
    throw new Error(`no link${wanted} in mail "${mail.subject}":\n${mail.text}`);
  }
  return link;
}

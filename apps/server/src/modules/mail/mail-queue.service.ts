import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { addSeconds } from '../../lib/clock';
import { withTimeout } from '../../lib/with-timeout';
import type { MailMessage } from './mailer';
import {
  claimQueuedMails,
  insertQueuedMail,
  markMailFailed,
  markMailSent,
  type QueuedMail,
} from './mail-queue.repository';

/**
 * Mails that must not be lost (decision 051): written to `mail_queue` in the transaction of the change
 * they tell about, sent right after it commits, and — when the mail server did not take them — again
 * by the queue job, with growing waits, until sent or given up. A mail is claimed by one process at a
 * time, so N API processes send each once (at least once: a process that dies between the server's
 * "250" and marking it sent sends it again; a duplicate notice beats a lost one).
 */

/** Waits after the 1st, 2nd, … failed attempt; after the last the mail is given up (logged). */
export const MAIL_RETRY_AFTER_SECONDS = [30, 120, 600, 1800, 7200, 21_600] as const;
const MAIL_TIMEOUT_MS = 20_000;
/** Well past the send timeout: a claim outlives its attempt. */
const CLAIM_SECONDS = 60;
const BATCH = 20;

/** Queues a mail in the caller's transaction; `sendQueuedMail` after it commits sends it at once. */
export function queueMail(
  db: Executor,
  entry: { accountId: number | null; kind: string; mail: MailMessage; at: Date },
): Promise<string> {
  return insertQueuedMail(db, entry);
}

/** Sends one queued mail now, unless another process holds it or it was sent. Never throws. */
export async function sendQueuedMail(ctx: AppContext, id: string): Promise<void> {
  await sendClaimed(ctx, { id }).catch((error: unknown) =>
    ctx.log.error({ err: error, mailId: id }, 'queued mail not sent; the queue job tries again'),
  );
}

/** The queue job's tick: sends what is due. Answers how many it tried. */
export async function sendDueMails(ctx: AppContext): Promise<number> {
  return sendClaimed(ctx, { batch: BATCH });
}

async function sendClaimed(ctx: AppContext, which: { id: string } | { batch: number }): Promise<number> {
  const now = ctx.clock();
  const claimed = await claimQueuedMails(ctx.db, now, addSeconds(now, CLAIM_SECONDS), which);
  await Promise.all(claimed.map((mail) => sendOne(ctx, mail)));
  return claimed.length;
}

async function sendOne(ctx: AppContext, mail: QueuedMail): Promise<void> {
  const message: MailMessage = {
    to: mail.to_address,
    subject: mail.subject,
    text: mail.text_body,
    html: mail.html_body,
    link: mail.link,
  };
  try {
    await withTimeout(ctx.mailer.send(message), MAIL_TIMEOUT_MS);
  } catch (error) {
    const at = ctx.clock();
    const wait = MAIL_RETRY_AFTER_SECONDS[mail.attempts - 1];
    const retryAt = wait === undefined ? undefined : addSeconds(at, wait);
    // The address and the contents stay out of the log; the kind and the account say enough.
    const facts = {
      err: error,
      mailId: mail.id,
      kind: mail.kind,
      accountId: mail.account_id,
      attempt: mail.attempts,
    };
    if (retryAt) ctx.log.warn(facts, 'mail not sent; tried again later');
    else ctx.log.error(facts, 'mail not sent after the last attempt; given up');
    await markMailFailed(ctx.db, mail.id, {
      at,
      retryAt,
      error: error instanceof Error ? error.message : 'error',
    });
    return;
  }
  await markMailSent(ctx.db, mail.id, ctx.clock());
}

import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/database';
import type { MailQueueTable } from './mail-queue.table';
import type { MailMessage } from './mailer';

const queuedColumns = [
  'id',
  'account_id',
  'kind',
  'to_address',
  'subject',
  'text_body',
  'html_body',
  'link',
  'attempts',
] as const;

/** A claimed mail: what sending it needs. */
export type QueuedMail = Pick<Selectable<MailQueueTable>, (typeof queuedColumns)[number]>;

export async function insertQueuedMail(
  db: Executor,
  entry: { accountId: number | null; kind: string; mail: MailMessage; at: Date },
): Promise<string> {
  const row = await db
    .insertInto('mail_queue')
    .values({
      account_id: entry.accountId,
      kind: entry.kind,
      to_address: entry.mail.to,
      subject: entry.mail.subject,
      text_body: entry.mail.text,
      html_body: entry.mail.html,
      link: entry.mail.link,
      next_at: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims unsent mails that are due (all of them, or the one `id`) until `claimedUntil`, counting the
 * attempt: a claim another process holds is skipped, one that lapsed (its process died) is taken.
 */
export async function claimQueuedMails(
  db: Executor,
  now: Date,
  claimedUntil: Date,
  which: { id: string } | { batch: number },
): Promise<QueuedMail[]> {
  const due = db
    .selectFrom('mail_queue')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .$call((q) => ('id' in which ? q.where('id', '=', which.id) : q.orderBy('next_at').limit(which.batch)))
    .forUpdate()
    .skipLocked();
  return db
    .updateTable('mail_queue')
    .set({ claimed_until: claimedUntil, attempts: sql`attempts + 1` })
    .where('id', 'in', due)
    .returning(queuedColumns)
    .execute();
}

export async function markMailSent(db: Executor, id: string, at: Date): Promise<void> {
  await db.updateTable('mail_queue').set({ sent_at: at, claimed_until: null }).where('id', '=', id).execute();
}

/** A failed attempt: tried again at `retryAt`, or given up (`retryAt` undefined). */
export async function markMailFailed(
  db: Executor,
  id: string,
  failure: { at: Date; retryAt: Date | undefined; error: string },
): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({
      claimed_until: null,
      last_error: failure.error.slice(0, 300),
      ...(failure.retryAt ? { next_at: failure.retryAt } : { failed_at: failure.at }),
    })
    .where('id', '=', id)
    .execute();
}

import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** `mail_queue`: a mail written with the change it tells about, until it is sent (mail-queue.service.ts). */
export interface MailQueueTable {
  id: Generated<string>;
  account_id: number | null;
  /** What it is about (`security.password_changed`): for the log and the tests, never shown. */
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string;
  attempts: Generated<number>;
  next_at: Date;
  claimed_until: Date | null;
  sent_at: Date | null;
  /** Given up after the last attempt. */
  failed_at: Date | null;
  last_error: string | null;
  created_at: Timestamp;
}

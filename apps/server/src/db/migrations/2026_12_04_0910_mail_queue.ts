import { sql, type Kysely } from 'kysely';

/**
 * Mails that must reach the owner even when the mail server is down when they are written (security
 * notices, decision 051): written with the change they tell about, sent at once, retried until sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table mail_queue (
    id bigserial primary key,
    account_id integer references accounts(id) on delete cascade,
    kind text not null,
    to_address text not null,
    subject text not null,
    text_body text not null,
    html_body text not null,
    link text not null,
    attempts integer not null default 0,
    next_at timestamptz not null,
    claimed_until timestamptz,
    sent_at timestamptz,
    failed_at timestamptz,
    last_error text,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index mail_queue_due on mail_queue (next_at) where sent_at is null and failed_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_queue').execute();
}

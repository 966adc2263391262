import type { Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { OAuthStatesTable } from '../account.table';
import type { ProviderName } from './providers';

export async function insertState(
  db: Executor,
  values: Omit<Selectable<OAuthStatesTable>, 'created_at'>,
): Promise<void> {
  await db.insertInto('oauth_states').values(values).execute();
}

/** Deletes and returns the state in one statement: a state can be used once. */
export function takeState(
  db: Executor,
  stateHash: string,
): Promise<Selectable<OAuthStatesTable> | undefined> {
  return db.deleteFrom('oauth_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}

export async function deleteExpiredStates(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
}

export async function findIdentityAccountId(
  db: Executor,
  provider: ProviderName,
  subject: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('oauth_identities')
    .select('account_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.account_id;
}

export async function insertIdentity(
  db: Executor,
  values: { provider: ProviderName; subject: string; accountId: number; email: string },
): Promise<void> {
  await db
    .insertInto('oauth_identities')
    .values({
      provider: values.provider,
      subject: values.subject,
      account_id: values.accountId,
      email: values.email,
    })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
}

/** The account's linked sign-in identities (the console shows them). */
export function identitiesOf(db: Executor, accountId: number) {
  return db
    .selectFrom('oauth_identities')
    .select(['provider', 'email', 'created_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
}

import type { Endpoint, EndpointInput } from '@resiport/contract';
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../../test/test-app';

/**
 * A console call as the web makes it (GET with a query, POST with a form body, the operator's
 * session), through the endpoint object: the input typed by its request schema, a success's `data`
 * checked against and typed by its response schema. `.unchecked` sends an input the request schema
 * would refuse, as it is (the refusal tests).
 */
export function consoleCall(t: TestApp, token: string) {
  const send = <E extends Endpoint>(endpoint: E, input: EndpointInput<E>) =>
    t.send(endpoint, input, { token });
  const unchecked = <E extends Endpoint>(endpoint: E, input: Record<string, unknown>) =>
    t.sendUnchecked(endpoint, input, { token });
  return Object.assign(send, { unchecked });
}

export const newKey = () => randomUUID();

/** The audit rows about one customer, oldest first. */
export function auditRowsOf(t: TestApp, accountId: number) {
  return t.ctx.db
    .selectFrom('operator_audit')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
}

/** What an action could change of a customer: compared before and after an action on someone else. */
export async function snapshotOf(t: TestApp, accountId: number) {
  const account = await t.ctx.db
    .selectFrom('accounts')
    .select(['status', 'role', 'balance_cents', 'traffic_left_bytes', 'token_version', 'api_token_hash'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  const entries = await t.ctx.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  const liveSessions = await t.ctx.db
    .selectFrom('account_sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { ...account, entries: entries.n, liveSessions: liveSessions.n };
}

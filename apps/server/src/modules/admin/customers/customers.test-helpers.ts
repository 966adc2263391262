import { clientMethodOf, type Endpoint } from '@resiport/contract';
import { randomUUID } from 'node:crypto';
import { authHeader } from '../../../../test/factories';
import type { TestApp } from '../../../../test/test-app';

/** A console call as the web makes it: GET with a query, POST with a form body, the operator's session. */
export function consoleCall(t: TestApp, token: string) {
  return (endpoint: Endpoint, input: Record<string, string | number>) => {
    const fields = new URLSearchParams(
      Object.entries(input).map(([key, value]) => [key, String(value)] as [string, string]),
    ).toString();
    const url = `/api${endpoint.path}`;
    return clientMethodOf(endpoint) === 'GET'
      ? t.call({ method: 'GET', url: `${url}?${fields}`, headers: authHeader(token) })
      : t.call({
          method: 'POST',
          url,
          payload: fields,
          headers: { ...authHeader(token), 'content-type': 'application/x-www-form-urlencoded' },
        });
  };
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

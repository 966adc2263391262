import {
  adminExitsEndpoints,
  dynamicEndpoints,
  type EndpointInput,
  internalGatewayEndpoints,
} from '@resiport/contract';
import { successData } from '@resiport/testkit';
import type { TestApp } from '../../../test/test-app';

type ExitCall = 'create' | 'update' | 'disable' | 'enable';

/** An upstream exit with credentials and place tags, as the console's form would post it. */
export const upstream = {
  id: 'de-1',
  type: 'http',
  host: '127.0.0.1',
  port: 3128,
  username: 'acct',
  password: 'S3cret-upstream',
  country: 'DE',
  city: 'Frankfurt Am Main',
  weight: 5,
  reason: 'new provider contract',
} satisfies EndpointInput<typeof adminExitsEndpoints.create>;

/**
 * The console's exit calls as an operator makes them, what gateways (the internal pool call) and
 * the portal (locations) see, and the rows a change writes.
 */
export function exitConsole(t: TestApp, tokens: { operator: string; customer: string }) {
  const asOperator = { token: tokens.operator };
  return {
    send: <C extends ExitCall>(call: C, body: EndpointInput<(typeof adminExitsEndpoints)[C]>) =>
      t.send(adminExitsEndpoints[call], body, asOperator),
    /** A body the request schema may refuse, as it is (the refusal tests). */
    sendUnchecked: (call: ExitCall, body: Record<string, unknown>) =>
      t.sendUnchecked(adminExitsEndpoints[call], body, asOperator),
    list: async (q = '') =>
      successData(await t.send(adminExitsEndpoints.list, { page_size: 100, q }, asOperator)).list,
    gatewayPool: async () => successData(await t.send(internalGatewayEndpoints.exits, {})).exits,
    /** The countries the portal offers for lines. */
    stock: async () =>
      successData(await t.send(dynamicEndpoints.stock, {}, { token: tokens.customer })).countries.map(
        (c) => c.code,
      ),
    counts: async () => {
      const count = async (table: 'exits' | 'operator_audit' | 'gateway_events') =>
        Number(
          (
            await t.ctx.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        exits: await count('exits'),
        audit: await count('operator_audit'),
        events: await count('gateway_events'),
      };
    },
    auditOf: (action: string, id: string) =>
      t.ctx.db
        .selectFrom('operator_audit')
        .selectAll()
        .where('action', '=', action)
        .where('target_id', '=', id)
        .orderBy('id')
        .execute(),
  };
}

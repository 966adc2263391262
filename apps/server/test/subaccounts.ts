import { accountInfo, authHeader, signedInAccount } from './factories';
import { post } from '../src/modules/ledger/ledger.service';
import type { TestApp } from './test-app';
import { type EndpointInput, type SubAccount, subEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';

const GB = 1_000_000_000;

/** A sub-account as the API shows it to its owner. */
export type SubData = SubAccount;

/**
 * The sub-account calls as a customer makes them, and a customer with traffic to split. Takes the app
 * lazily: test files create it in `beforeAll`, after these helpers are set up.
 */
export function subaccountCalls(app: () => TestApp) {
  let serial = 0;
  return {
    /** A fresh valid username (12–24 letters and digits). */
    username: (label = 'proxyuser') =>
      `${label}${String(++serial).padStart(6, '0')}${Math.random().toString(36).slice(2, 6)}`,
    /** A signed-in customer with `gb` GB of traffic on the main account. */
    customer: async (gb = 0) => {
      const t = app();
      const account = await signedInAccount(t);
      const { id } = await accountInfo(t, account.token);
      if (gb > 0) {
        await t.ctx.db
          .transaction()
          .execute((trx) =>
            post(trx, { accountId: id, asset: 'traffic', kind: 'adjustment', amount: BigInt(gb * GB) }),
          );
      }
      return { ...account, id, headers: authHeader(account.token) };
    },
    add: (headers: Record<string, string>, values: Record<string, string>) =>
      app().sendUnchecked(subEndpoints.add, values, { headers }),
    move: (headers: Record<string, string>, values: Record<string, string>) =>
      app().sendUnchecked(subEndpoints.traffic, values, { headers }),
    list: async (headers: Record<string, string>, query: EndpointInput<typeof subEndpoints.list> = {}) =>
      successData(await app().send(subEndpoints.list, query, { headers })),
  };
}

import { expect } from 'vitest';
import { post } from '../../server/src/modules/ledger/ledger.service';
import { accountInfo, authHeader, postForm, signedInAccount } from '../../server/test/factories';
import type { TestApp } from '../../server/test/test-app';

const GB = 1_000_000_000;
let serial = 0;

/**
 * A signed-in customer of the real server with 1 GB on the main account and one sub-account holding
 * `subMb` MB of it, created through the API as the portal does.
 */
export async function customerWithSub(t: TestApp, subMb: number, password = 'Line-pass.1') {
  const account = await signedInAccount(t);
  const { id } = await accountInfo(t, account.token);
  await t.ctx.db
    .transaction()
    .execute((trx) => post(trx, { accountId: id, asset: 'traffic', kind: 'adjustment', amount: BigInt(GB) }));
  const username = `linkuser${Date.now().toString(36)}${++serial}`.slice(0, 24);
  const created = await postForm(
    t,
    '/api/auth/passadd',
    { username, password, traffic: String(subMb / 1000) },
    authHeader(account.token),
  );
  expect(created.code).toBe(0);
  return {
    id,
    username,
    password,
    subId: (created.data as { id: number }).id,
    token: account.token,
    headers: authHeader(account.token),
  };
}

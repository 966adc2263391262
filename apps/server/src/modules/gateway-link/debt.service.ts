import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import { balanceOf, post } from '../ledger/ledger.service';
import { readSubaccountTrafficLeft } from '../subaccounts/subaccount-lookup.service';
import { addToOwner, ownerDebt } from './lease.repository';

/**
 * Debt: bytes a gateway delivered past an owner's traffic (decision 015). Two kinds, by owner:
 * - a sub-account's debt is owed to its main account, which already paid those bytes (or owes them
 *   itself): it is returned from the sub-account's next traffic, so a sub-account topped up in tiny
 *   steps cannot get a chunk past its limit at every step;
 * - the main account's debt is unbilled usage: it is billed from its next traffic before anything else.
 * Every function runs inside the caller's transaction, with the account's balances locked.
 */

interface Owner {
  accountId: number;
  subaccountId: number | null;
}

async function trafficLeft(trx: Transaction<Database>, owner: Owner): Promise<bigint> {
  return owner.subaccountId === null
    ? balanceOf(trx, owner.accountId, 'traffic')
    : readSubaccountTrafficLeft(trx, owner.accountId, owner.subaccountId);
}

/** Pays what the owner owes from what it has now (as much as it can). */
export async function repayDebt(
  trx: Transaction<Database>,
  owner: Owner,
  ref: { type: string; id: string },
): Promise<void> {
  const debt = await ownerDebt(trx, owner);
  if (debt === 0n) return;
  const left = await trafficLeft(trx, owner);
  const repaid = debt < left ? debt : left;
  if (repaid === 0n) return;
  const base = { accountId: owner.accountId, asset: 'traffic' as const, amount: -repaid, ref };
  if (owner.subaccountId === null) {
    const billed = await post(trx, { ...base, kind: 'usage', note: 'delivered past zero earlier' });
    if (!billed.ok) throw new Error('a locked balance changed under the debt');
    await addToOwner(trx, owner, 'traffic_used_bytes', repaid);
  } else {
    const taken = await post(trx, {
      ...base,
      kind: 'debt_repayment',
      ref: { type: ref.type, id: `${ref.id}:sub` },
      subaccountId: owner.subaccountId,
    });
    const given = await post(trx, {
      ...base,
      kind: 'debt_repayment',
      ref: { type: ref.type, id: `${ref.id}:main` },
      amount: repaid,
    });
    if (!taken.ok || !given.ok) throw new Error('a locked balance changed under the debt');
  }
  await addToOwner(trx, owner, 'traffic_debt_bytes', -repaid);
}

/**
 * A sub-account overdrew `bytes` and its main account stood in (paid them, or owes them itself): the
 * sub-account owes them to the main account now.
 */
export function oweToMain(trx: Transaction<Database>, sub: Owner, bytes: bigint): Promise<void> {
  return addToOwner(trx, sub, 'traffic_debt_bytes', bytes);
}

/** A deleted sub-account's debt is void: the main account paid (or owes) those bytes already. */
export async function forgiveOnDeletion(trx: Transaction<Database>, sub: Owner): Promise<void> {
  const debt = await ownerDebt(trx, sub);
  if (debt > 0n) await addToOwner(trx, sub, 'traffic_debt_bytes', -debt);
}

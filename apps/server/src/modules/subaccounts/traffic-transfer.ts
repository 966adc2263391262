import { bytesToGbText } from '@resiport/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import { AppError } from '../../errors';
import { noteAccountFigures } from '../alerts/alert-triggers.service';
import { post } from '../ledger/ledger.service';
import { insertTransfer } from './subaccount.repository';

/** Inside an open transaction that holds the account lock: records the transfer and posts both sides. */
export async function transfer(
  trx: Transaction<Database>,
  accountId: number,
  subaccountId: number,
  kind: 'allocate' | 'recycle' | 'subaccount_deletion',
  bytes: bigint,
  requestId: string | null,
): Promise<void> {
  const record = await insertTransfer(trx, { accountId, subaccountId, kind, amountBytes: bytes, requestId });
  if (bytes === 0n) return;
  const ref = { type: 'transfer', id: String(record.id) };
  const fromSub = kind !== 'allocate';
  const debit = await post(trx, {
    accountId,
    asset: 'traffic',
    kind,
    amount: -bytes,
    ref,
    ...(fromSub ? { subaccountId } : {}),
  });
  if (!debit.ok) {
    throw new AppError(fromSub ? 'SubTrafficShort' : 'MainTrafficShort', {
      available: bytesToGbText(debit.available),
    });
  }
  const credit = await post(trx, {
    accountId,
    asset: 'traffic',
    kind,
    amount: bytes,
    ref,
    ...(fromSub ? {} : { subaccountId }),
  });
  if (!credit.ok) throw new Error('a credit cannot fail');
  // The main account's traffic moved (to or from it): its low and empty alerts (decision 039).
  await noteAccountFigures(trx, accountId);
}

import { isUnroutableIp, MAX_WHITELIST_IPS } from '@resiport/contract';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { recordWhitelistChange } from '../gateway-feed/gateway-events.service';
import { voidingTransaction } from '../gateway-feed/voids-applied.service';
import { voidOwnerLeases } from '../gateway-link/lease.service';
import { lockAccountBalances } from '../ledger/ledger.service';
import {
  countWhitelist,
  deleteWhitelistIp,
  findOwnWhitelistIp,
  insertWhitelistIp,
  pageOfWhitelist,
  updateWhitelistIp,
  whitelistOwnerOf,
  type WhitelistRow,
} from './whitelist.repository';

interface Owner {
  id: number;
}

/** IPs arrive canonical (contract `ipSchema`); some can never be a customer's source address. */
function assertWhitelistable(ip: string): void {
  if (isUnroutableIp(ip)) throw new AppError('IpNotAllowed');
}

/** One account per address: a taken address says whose it is only as "yours" or "another account's". */
async function explainTaken(ctx: AppContext, owner: Owner, ip: string, error: unknown): Promise<never> {
  if (!isUniqueViolation(error)) throw error;
  const holder = await whitelistOwnerOf(ctx.db, ip);
  throw new AppError(holder?.account_id === owner.id ? 'IpAlreadyWhitelisted' : 'IpTaken');
}

export async function addWhitelistIp(
  ctx: AppContext,
  owner: Owner,
  input: { ip: string; remark: string },
): Promise<WhitelistRow> {
  assertWhitelistable(input.ip);
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      // The account lock makes the limit hold under concurrent adds.
      await lockAccountBalances(trx, owner.id);
      if ((await countWhitelist(trx, owner.id)) >= MAX_WHITELIST_IPS) {
        throw new AppError('WhitelistFull', { limit: MAX_WHITELIST_IPS });
      }
      return insertWhitelistIp(trx, { accountId: owner.id, ...input });
    })
    .catch((error: unknown) => explainTaken(ctx, owner, input.ip, error));
}

export async function changeWhitelistIp(
  ctx: AppContext,
  owner: Owner,
  id: number,
  changes: { ip?: string | undefined; remark?: string | undefined },
): Promise<WhitelistRow> {
  if (changes.ip !== undefined) assertWhitelistable(changes.ip);
  const values = {
    ...(changes.ip === undefined ? {} : { ip: changes.ip }),
    ...(changes.remark === undefined ? {} : { remark: changes.remark }),
  };
  const row = await voidingTransaction(ctx, async (trx) => {
    const before = await findOwnWhitelistIp(trx, owner.id, id);
    if (!before || Object.keys(values).length === 0) return before;
    const ipChanges = changes.ip !== undefined && changes.ip !== before.ip;
    if (ipChanges) await lockAccountBalances(trx, owner.id);
    const after = await updateWhitelistIp(trx, owner.id, id, values);
    // The old address no longer lets anyone in: gateways must forget it, and the main account's
    // reservations (which it may have been spending) go back at once.
    if (after && after.ip !== before.ip) {
      await voidOwnerLeases(ctx, trx, { accountId: owner.id, subaccountId: null });
      await recordWhitelistChange(trx, { accountId: owner.id, ip: before.ip });
    }
    return after;
  }).catch((error: unknown) => explainTaken(ctx, owner, changes.ip ?? '', error));
  if (!row) throw new AppError('NotFound');
  return row;
}

export async function removeWhitelistIp(ctx: AppContext, owner: Owner, id: number): Promise<void> {
  await voidingTransaction(ctx, async (trx) => {
    await lockAccountBalances(trx, owner.id);
    const removed = await deleteWhitelistIp(trx, owner.id, id);
    if (!removed) throw new AppError('NotFound');
    // Gateways must stop letting this address in at once; the main account's reservations go back.
    await voidOwnerLeases(ctx, trx, { accountId: owner.id, subaccountId: null });
    await recordWhitelistChange(trx, { accountId: owner.id, ip: removed.ip });
  });
}

export function listWhitelist(ctx: AppContext, owner: Owner, page: number, pageSize: number) {
  return pageOfWhitelist(ctx.db, owner.id, page, pageSize);
}

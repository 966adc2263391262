import { isUnroutableIp, MAX_WHITELIST_IPS } from '@resiport/contract';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
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
  const row =
    Object.keys(values).length === 0
      ? await findOwnWhitelistIp(ctx.db, owner.id, id)
      : await updateWhitelistIp(ctx.db, owner.id, id, values).catch((error: unknown) =>
          explainTaken(ctx, owner, changes.ip ?? '', error),
        );
  if (!row) throw new AppError('NotFound');
  return row;
}

export async function removeWhitelistIp(ctx: AppContext, owner: Owner, id: number): Promise<void> {
  if (!(await deleteWhitelistIp(ctx.db, owner.id, id))) throw new AppError('NotFound');
}

export function listWhitelist(ctx: AppContext, owner: Owner, page: number, pageSize: number) {
  return pageOfWhitelist(ctx.db, owner.id, page, pageSize);
}

import { MAX_SUBACCOUNTS, type SubLimitsInput } from '@resiport/contract';
import type { AppContext } from '../../context';
import { violatedConstraint } from '../../db/errors';
import { AppError } from '../../errors';
import { recordSubaccountChange, recordSubaccountLimitsChange } from '../gateway-feed/gateway-events.service';
import { voidingTransaction } from '../gateway-feed/voids-applied.service';
import { mainTrafficLeftShown, shownTrafficLeft } from '../account/traffic-left.service';
import { lockAccountBalances } from '../ledger/ledger.service';
import { encryptProxyPassword, generateProxyPassword } from './proxy-password';
import {
  countLiveSubaccounts,
  findOwnSubaccount,
  insertSubaccount,
  pageOfSubaccounts,
  updateSubaccount,
  type SubaccountRow,
} from './subaccount.repository';
import { limitColumnNames, limitColumns } from './subaccount-limit-columns';
import { transfer } from './traffic-transfer';

interface Owner {
  id: number;
}

export interface NewSubaccount {
  username: string;
  password: string | undefined;
  remark: string;
  trafficBytes: bigint;
  limits?: SubLimitsInput;
}

/**
 * Creates a sub-account (with a generated password unless one is chosen) and, optionally, gives it
 * traffic from the main account — all or nothing. Usernames are unique among live sub-accounts of
 * the whole product ('Username Exist').
 */
export async function addSubaccount(
  ctx: AppContext,
  owner: Owner,
  input: NewSubaccount,
): Promise<SubaccountRow> {
  const cipher = encryptProxyPassword(ctx.proxyPasswordKey, input.password ?? generateProxyPassword());
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await lockAccountBalances(trx, owner.id);
      if ((await countLiveSubaccounts(trx, owner.id)) >= MAX_SUBACCOUNTS) {
        throw new AppError('SubAccountLimit', { limit: MAX_SUBACCOUNTS });
      }
      const sub = await insertSubaccount(trx, {
        accountId: owner.id,
        username: input.username,
        passwordCipher: cipher,
        remark: input.remark,
        limits: limitColumns(input.limits ?? {}, ctx.clock()),
      });
      if (input.trafficBytes > 0n) {
        await transfer(trx, owner.id, sub.id, 'allocate', input.trafficBytes, null);
      }
      return (await findOwnSubaccount(trx, owner.id, sub.id)) ?? sub;
    });
  } catch (error) {
    if (violatedConstraint(error) === 'subaccounts_username_live_idx') throw new AppError('UsernameExists');
    throw error;
  }
}

interface ListFilter {
  search: string | undefined;
  id?: number | undefined;
  page: number;
  pageSize: number;
}

/** The columns of the account's row this module reads (the auth read of every call has them). */
interface AccountFigures {
  id: number;
  traffic_left_bytes: bigint;
  traffic_reserved_bytes: bigint;
  subaccounts_used_bytes: bigint;
  subaccounts_left_bytes: bigint;
  subaccounts_live: number;
  subaccounts_empty: number;
}

export async function listSubaccounts(ctx: AppContext, owner: Owner, filter: ListFilter) {
  const page = await pageOfSubaccounts(ctx.db, owner.id, filter);
  return { ...page, mainTrafficLeft: await mainTrafficLeftShown(ctx.db, owner.id) };
}

/**
 * The signed-in account's list (the sub-accounts page, on every visit): its row, read by the auth
 * read of this request, already holds the main account's traffic left and the live count (the
 * unfiltered total), so the page is one statement (two with a search: the filtered count).
 */
export async function listOwnSubaccounts(ctx: AppContext, account: AccountFigures, filter: ListFilter) {
  const page = await pageOfSubaccounts(ctx.db, account.id, filter, account.subaccounts_live);
  return { ...page, mainTrafficLeft: shownTrafficLeft(account) };
}

/**
 * Updates go through `updateSubaccount`, which matches the owner: another account's id is not found.
 * A change that affects proxy access (password, status) is announced to gateways in the same
 * transaction, so they drop cached credentials and close what the old ones allowed.
 */
async function update(
  ctx: AppContext,
  owner: Owner,
  id: number,
  values: Parameters<typeof updateSubaccount>[3],
): Promise<SubaccountRow> {
  // Nothing to change (a limits call naming no limit): the sub-account as it is, if it is the caller's.
  if (Object.keys(values).length === 0) {
    const found = await findOwnSubaccount(ctx.db, owner.id, id);
    if (!found) throw new AppError('NotFound');
    return found;
  }
  const changesLimits = Object.keys(values).some((column) => limitColumnNames.has(column));
  const row = await voidingTransaction(ctx, async (trx) => {
    const closesAccess =
      values.password_cipher !== undefined || values.status === 'disabled' || changesLimits;
    if (closesAccess) await lockAccountBalances(trx, owner.id);
    const updated = await updateSubaccount(trx, owner.id, id, values);
    // The old password's (or the disabled sub-account's) reservations go back at once; so do those
    // granted under the old limits, so gateways lease again under the new ones.
    if (updated && closesAccess) {
      await ctx.gatewayCredit.voidOwnerLeases(ctx, trx, { accountId: owner.id, subaccountId: id });
    }
    // Gateways fetch the record again when what they check at connect time changed: a new password
    // or status closes every tunnel; a last day or connection limit closes only what it no longer
    // allows (raising a limit closes nothing). A cap needs no more than the voided leases.
    const change = updated && { accountId: owner.id, subaccountId: id, username: updated.username };
    if (change && (values.password_cipher !== undefined || values.status !== undefined)) {
      await recordSubaccountChange(trx, change);
    } else if (change && (values.expires_at !== undefined || values.max_connections !== undefined)) {
      await recordSubaccountLimitsChange(trx, change);
    }
    return updated;
  });
  if (!row) throw new AppError('NotFound');
  return row;
}

/** Sets a chosen proxy password, or generates a new one. The old one stops working at once. */
export async function changeProxyPassword(
  ctx: AppContext,
  owner: Owner,
  id: number,
  password: string | undefined,
) {
  const cipher = encryptProxyPassword(ctx.proxyPasswordKey, password ?? generateProxyPassword());
  return update(ctx, owner, id, { password_cipher: cipher });
}

export async function changeRemark(ctx: AppContext, owner: Owner, id: number, remark: string) {
  return update(ctx, owner, id, { remark });
}

/**
 * Sets the sub-account's caps, last day and connection limit (only those given). Takes effect at
 * once: its leases are voided (gateways lease again under the new caps) and gateways fetch its
 * record again (last day, connection limit). A later last day after an expiry lets it connect again;
 * the traffic the expiry returned stays with the main account.
 */
export async function changeLimits(ctx: AppContext, owner: Owner, id: number, limits: SubLimitsInput) {
  return update(ctx, owner, id, limitColumns(limits, ctx.clock()));
}

/** A disabled sub-account keeps its traffic but cannot connect until enabled again. */
export async function changeStatus(ctx: AppContext, owner: Owner, id: number, status: 'active' | 'disabled') {
  return update(ctx, owner, id, { status });
}

export function mainTrafficLeft(ctx: AppContext, owner: Owner): Promise<bigint> {
  return mainTrafficLeftShown(ctx.db, owner.id);
}

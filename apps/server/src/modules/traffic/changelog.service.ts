import {
  shiftDate,
  type ChangelogData,
  type TrafficChange,
  type TrafficChangeKind,
} from '@resiport/contract';
import type { AppContext } from '../../context';
import { pageOfTrafficChanges, type TrafficChangeRow } from '../ledger/ledger.service';
import { subaccountUsernames } from '../subaccounts/subaccount-lookup.service';
import type { DayRange } from './traffic-range';
import { checkOwnerFilter } from './traffic-owner.service';

export interface ChangelogInput {
  range: DayRange;
  kind: TrafficChangeKind | undefined;
  subaccountId: number | undefined;
  page: number;
  pageSize: number;
}

/**
 * The traffic change record (design §6: a view of the ledger): the account's traffic entries of the
 * customer-facing kinds and its gateway usage summed per owner and UTC day, newest first, each with
 * the balance it changed before and after (the rows of an owner chain: decision 027).
 */
export async function trafficChangelog(
  ctx: AppContext,
  owner: { id: number },
  input: ChangelogInput,
): Promise<ChangelogData> {
  await checkOwnerFilter(ctx, owner.id, input.subaccountId);
  const { list, total } = await pageOfTrafficChanges(
    ctx.db,
    {
      accountId: owner.id,
      from: new Date(`${input.range.start}T00:00:00Z`),
      to: new Date(`${shiftDate(input.range.end, 1)}T00:00:00Z`),
      kind: input.kind,
      subaccountId: input.subaccountId,
    },
    { limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
  );
  const usernames = await subaccountUsernames(
    ctx.db,
    owner.id,
    list.map((row) => row.subaccount_id),
  );
  return {
    list: list.map((row) => toChange(row, usernames.get(row.subaccount_id ?? 0) ?? null)),
    total,
    page: input.page,
    page_size: input.pageSize,
    start_date: input.range.start,
    end_date: input.range.end,
  };
}

function toChange(row: TrafficChangeRow, username: string | null): TrafficChange {
  return {
    id: Number(row.id),
    time: row.created_at.toISOString(),
    kind: row.kind as TrafficChangeKind,
    subaccount_id: row.subaccount_id,
    username,
    amount_bytes: Number(row.amount),
    balance_before_bytes: Number(row.balance_after - row.amount),
    balance_after_bytes: Number(row.balance_after),
    since: row.since ? row.since.toISOString() : null,
  };
}

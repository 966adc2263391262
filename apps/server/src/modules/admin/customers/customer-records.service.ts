import { shiftDate, TRAFFIC_RANGE_DEFAULT_DAYS, type UsageData } from '@resiport/contract';
import type { AppContext } from '../../../context';
import { sessionHistory } from '../../account/account.service';
import { listRecharges } from '../../billing/recharge.service';
import { toRechargeRecord } from '../../billing/recharge-view';
import { listOrders } from '../../orders/order-list.service';
import { toOrder } from '../../orders/order-view';
import { usageOverview } from '../../traffic/usage-overview.service';
import { customerOrNotFound } from './customer-detail.service';
import { toCustomerSession } from './customer-view';

/**
 * The customer page's lists, each read through the module that owns it (the same reads the
 * customer's own pages make), after checking the customer exists (10009 otherwise).
 */

interface PageWindow {
  page: number;
  pageSize: number;
}

const pageOf = <T>(list: T[], total: number, window: PageWindow) => ({
  list,
  total,
  page: window.page,
  page_size: window.pageSize,
});

export async function customerOrders(ctx: AppContext, accountId: number, window: PageWindow) {
  await customerOrNotFound(ctx, accountId);
  // Only the account id matters to the list; the address is the trial's and plays no part here.
  const orders = await listOrders(ctx, { id: accountId, ip: '' }, { ...window, status: undefined });
  return pageOf(orders.list.map(toOrder), orders.total, window);
}

export async function customerTopups(ctx: AppContext, accountId: number, window: PageWindow) {
  await customerOrNotFound(ctx, accountId);
  const topups = await listRecharges(ctx, { id: accountId }, window.page, window.pageSize);
  return pageOf(topups.list.map(toRechargeRecord), topups.total, window);
}

export async function customerSessions(ctx: AppContext, accountId: number, window: PageWindow) {
  await customerOrNotFound(ctx, accountId);
  const sessions = await sessionHistory(ctx, accountId, window);
  return pageOf(sessions.list.map(toCustomerSession), sessions.total, window);
}

/** The usage chart of the customer's dashboard: the last 30 UTC days up to today, per day. */
export async function customerUsage(ctx: AppContext, accountId: number): Promise<UsageData> {
  await customerOrNotFound(ctx, accountId);
  const end = ctx.clock().toISOString().slice(0, 10);
  const range = { start: shiftDate(end, 1 - TRAFFIC_RANGE_DEFAULT_DAYS), end };
  return usageOverview(ctx, { id: accountId }, { range, subaccountId: undefined });
}

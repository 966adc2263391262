import { MAX_SUBACCOUNTS, MAX_WHITELIST_IPS, type CustomerDetail } from '@resiport/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import {
  findAccountById,
  identitiesOf,
  sessionHistory,
  type AccountRow,
} from '../../account/account.service';
import { listRecharges } from '../../billing/recharge.service';
import { listOrders } from '../../orders/order-list.service';
import { listSubaccounts } from '../../subaccounts/subaccount.service';
import { shownTrafficLeft, subaccountsFiguresOf } from '../../account/traffic-left.service';
import { listWhitelist } from '../../whitelist/whitelist.service';
import { toWhitelistEntry } from '../../whitelist/whitelist-view';
import { toCustomerSubaccount } from './customer-view';

/** The customer a console call names; an unknown id is 10009 like everywhere else. */
export async function customerOrNotFound(ctx: AppContext, accountId: number): Promise<AccountRow> {
  const account = await findAccountById(ctx.db, accountId);
  if (!account) throw new AppError('NotFound');
  return account;
}

/**
 * Everything the customer page shows at the top: the account's facts, its balance, its traffic
 * (main and per sub-account, figured as /user/info figures them), its whitelist and how many
 * orders, top-ups and live sessions it has. Each part comes from the module that owns it.
 */
export async function customerDetail(ctx: AppContext, accountId: number): Promise<CustomerDetail> {
  const account = await customerOrNotFound(ctx, accountId);
  const owner = { id: account.id };
  const first = { page: 1, pageSize: 1 };
  const subsTraffic = subaccountsFiguresOf(account);
  const [identities, subs, whitelist, orders, topups, sessions] = await Promise.all([
    identitiesOf(ctx.db, account.id),
    listSubaccounts(ctx, owner, { search: undefined, page: 1, pageSize: MAX_SUBACCOUNTS }),
    listWhitelist(ctx, owner, 1, MAX_WHITELIST_IPS),
    listOrders(ctx, { id: account.id, ip: '' }, { ...first, status: undefined }),
    listRecharges(ctx, owner, 1, 1),
    sessionHistory(ctx, account.id, first),
  ]);
  const mainLeft = shownTrafficLeft(account);
  return {
    account: {
      id: account.id,
      email: account.email,
      status: account.status,
      role: account.role,
      lang: account.lang,
      created_at: account.created_at.toISOString(),
      activated_at: account.activated_at?.toISOString() ?? null,
      two_factor_enabled: account.totp_enabled_at !== null,
      has_api_token: account.api_token_hash !== null,
      has_password: account.password_hash !== null,
      oauth: identities.map((identity) => ({
        provider: identity.provider,
        email: identity.email,
        created_at: identity.created_at.toISOString(),
      })),
    },
    balance_cents: Number(account.balance_cents),
    traffic: {
      main_left_bytes: Number(mainLeft),
      main_used_bytes: Number(account.traffic_used_bytes),
      subaccounts_left_bytes: Number(subsTraffic.leftBytes),
      subaccounts_used_bytes: Number(subsTraffic.usedBytes),
      total_left_bytes: Number(mainLeft + subsTraffic.leftBytes),
      total_used_bytes: Number(account.traffic_used_bytes + subsTraffic.usedBytes),
    },
    subaccounts: subs.list.map(toCustomerSubaccount),
    whitelist: whitelist.list.map(toWhitelistEntry),
    counts: {
      subaccounts: subsTraffic.count,
      whitelist: whitelist.total,
      orders: orders.total,
      topups: topups.total,
      live_sessions: sessions.live,
    },
  };
}

import { granularityOf, shiftDate, TRAFFIC_RANGE_DEFAULT_DAYS, USAGE_TOP_OWNERS } from '@resiport/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/database';
import { findAccountWithSession } from '../../apps/server/src/modules/account/session/session.repository';
import { subaccountUsernames } from '../../apps/server/src/modules/subaccounts/subaccount-lookup.service';
import { pageOfSubaccounts } from '../../apps/server/src/modules/subaccounts/subaccount.repository';
import { utcDay } from '../../apps/server/src/modules/traffic/traffic-range';
import type { RollupScope } from '../../apps/server/src/modules/traffic/usage-rollup.repository';
import {
  lastFlushAt,
  ownerPoints,
  recentTotals,
  sumsPerPeriodAndOwner,
} from '../../apps/server/src/modules/traffic/usage-series.repository';

/** int8 columns come back as bigint, which JSON.stringify refuses. */
const bigintAsString = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : value;

/** Whose reads: the signed-in account and its session (the bench's own login). */
export interface BaselineCaller {
  accountId: number;
  sessionId: string;
}

export interface Baselines {
  app: FastifyInstance;
  /** The statement /api/user/info runs: the auth read (account + session + sub-account figures). */
  userInfo: string;
  /** The statements /api/auth/sublist?page=1&page_size=10 runs, in its order. */
  subList: string;
  /** The statements /api/traffic/usage (the dashboard's: no filter, last 30 days) runs, in its order. */
  usage: string;
}

/**
 * The floors to compare against: bare Fastify routes (no auth, validation, hooks, plugins, logging,
 * i18n, response schemas) running exactly the SQL each API call needs — the same repository
 * functions through the same Kysely instance (same pool), in the same order and with the same
 * parallelism as the route. Each starts with the auth read every signed-in call makes, then answers
 * the raw rows as JSON. When a route's SQL changes, its baseline here must change with it.
 */
export async function startBaseline(db: Db, caller: BaselineCaller): Promise<Baselines> {
  const { accountId, sessionId } = caller;
  /** The auth read every signed-in call starts with; the bench's session must still be there. */
  const authRead = async () => {
    const found = await findAccountWithSession(db, accountId, sessionId);
    if (!found?.session.found) throw new Error('baseline: the bench session is gone');
    return found.account;
  };
  const send = (data: unknown) =>
    JSON.stringify({ code: 0, msg: 'success', data: data ?? null }, bigintAsString);
  const app = Fastify({ logger: false });

  app.get('/baseline/user-info', async (_request, reply) => {
    const account = await authRead();
    return reply.type('application/json').send(send(account));
  });

  app.get('/baseline/sublist', async (_request, reply) => {
    const auth = await authRead();
    const filter = { search: undefined, page: 1, pageSize: 10 };
    const page = await pageOfSubaccounts(db, accountId, filter, auth.subaccounts_live);
    return reply.type('application/json').send(send({ auth: auth.id, ...page }));
  });

  app.get('/baseline/usage', async (_request, reply) => {
    const auth = await authRead();
    const end = utcDay(new Date());
    const range = { start: shiftDate(end, 1 - TRAFFIC_RANGE_DEFAULT_DAYS), end };
    const scope: RollupScope = { accountId, grain: granularityOf(range.start, range.end), range };
    const [sums, recent, flushed] = await Promise.all([
      sumsPerPeriodAndOwner(db, scope),
      recentTotals(db, { accountId }, end),
      lastFlushAt(db),
    ]);
    const top = sums.owners.slice(0, USAGE_TOP_OWNERS).map((o) => o.subaccount_id);
    const [points, usernames] = await Promise.all([
      ownerPoints(db, scope, top),
      subaccountUsernames(db, accountId, top),
    ]);
    return reply
      .type('application/json')
      .send(send({ auth: auth.id, sums, recent, flushed, points, usernames: [...usernames] }));
  });

  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    userInfo: `${baseUrl}/baseline/user-info`,
    subList: `${baseUrl}/baseline/sublist`,
    usage: `${baseUrl}/baseline/usage`,
  };
}

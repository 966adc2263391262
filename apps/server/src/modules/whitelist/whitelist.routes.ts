import {
  canonicalIp,
  MAX_WHITELIST_IPS,
  whitelistAddBody,
  whitelistData,
  whitelistDeleteBody,
  whitelistEntrySchema,
  whitelistPaths,
  whitelistQuery,
  whitelistUpdateBody,
  type WhitelistEntry,
} from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { getAndPost } from '../../lib/get-and-post';
import { ok } from '../../lib/reply';
import { currentAccount, requireAccount } from '../../plugins/auth';
import type { WhitelistRow } from './whitelist.repository';
import { addWhitelistIp, changeWhitelistIp, listWhitelist, removeWhitelistIp } from './whitelist.service';

const tags = ['whitelist'];
const security: Record<string, string[]>[] = [{ jwtToken: [] }, { bearer: [] }];

function toEntry(row: WhitelistRow): WhitelistEntry {
  return { id: row.id, ip: row.ip, remark: row.remark, created_at: row.created_at.toISOString() };
}

/** The IP whitelist (spec §7 "Whitelist"); every call is GET for the spec and POST too (design §4). */
export function whitelistRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const onRequest = requireAccount(ctx);
  const common = { onRequest, tags, security };
  return async (app) => {
    getAndPost(
      app,
      whitelistPaths.list,
      { ...common, input: whitelistQuery, output: whitelistData },
      async (request, input) => {
        const { list, total } = await listWhitelist(
          ctx,
          currentAccount(request),
          input.page,
          input.page_size,
        );
        return ok(request, {
          list: list.map(toEntry),
          total,
          page: input.page,
          page_size: input.page_size,
          limit: MAX_WHITELIST_IPS,
          current_ip: canonicalIp(request.ip) ?? request.ip,
        });
      },
    );
    getAndPost(
      app,
      whitelistPaths.add,
      { ...common, input: whitelistAddBody, output: whitelistEntrySchema },
      async (request, input) =>
        ok(request, toEntry(await addWhitelistIp(ctx, currentAccount(request), input))),
    );
    getAndPost(
      app,
      whitelistPaths.update,
      { ...common, input: whitelistUpdateBody, output: whitelistEntrySchema },
      async (request, input) =>
        ok(request, toEntry(await changeWhitelistIp(ctx, currentAccount(request), input.id, input))),
    );
    getAndPost(
      app,
      whitelistPaths.delete,
      { ...common, input: whitelistDeleteBody, output: z.object({ id: z.number().int() }) },
      async (request, input) => {
        await removeWhitelistIp(ctx, currentAccount(request), input.id);
        return ok(request, { id: input.id });
      },
    );
  };
}

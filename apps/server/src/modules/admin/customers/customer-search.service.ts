import {
  canonicalIp,
  MAX_ROW_ID,
  type EndpointParsedInput,
  type adminCustomersEndpoints,
} from '@resiport/contract';
import type { AppContext } from '../../../context';
import { pageOfCustomers, type CustomerSearch } from './customer-directory.repository';
import { toCustomerRow } from './customer-view';

/**
 * What a search text can name, each tried at once (a match on any counts): part of an email; an
 * account id when it is a number; a live sub-account's username, whole or its start (usernames are
 * letters and digits, stored lower-case); a whitelisted IP in any spelling (compared canonical).
 */
export function searchOf(text: string | undefined): CustomerSearch {
  const q = text?.trim() ?? '';
  if (q === '') return {};
  const id = /^\d{1,10}$/.test(q) ? Number(q) : undefined;
  return {
    emailPart: q,
    accountId: id !== undefined && id >= 1 && id <= MAX_ROW_ID ? id : undefined,
    usernamePrefix: /^[A-Za-z0-9]+$/.test(q) ? q.toLowerCase() : undefined,
    ip: canonicalIp(q),
  };
}

export async function listCustomers(
  ctx: AppContext,
  input: EndpointParsedInput<typeof adminCustomersEndpoints.list>,
) {
  const search = { ...searchOf(input.q), status: input.status, role: input.role };
  const { rows, total } = await pageOfCustomers(ctx.db, search, {
    page: input.page,
    pageSize: input.page_size,
  });
  return { list: rows.map(toCustomerRow), total, page: input.page, page_size: input.page_size };
}

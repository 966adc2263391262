import type { SubAccount } from '@resiport/contract';
import { useState } from 'react';
import { WHITELIST_AUTH } from '../../features/dynamic/generator-settings';
import { useSubAccounts } from '../../features/subaccounts/api/get-sub-accounts';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** The most the list call gives at once; beyond it the select searches on the server. */
const PAGE_SIZE = 100;
const SEARCH_DEBOUNCE_MS = 300;

const first = (search: string) => ({ page: 1, pageSize: PAGE_SIZE, search });

/**
 * The sub-accounts the authentication select offers (searched on the server once typing pauses,
 * as on the sub-accounts page) and the one the `auth` setting names. Requests with the same filter
 * are shared, so an account with up to 100 sub-accounts makes one call.
 */
export function useAuthOptions(auth: string | undefined) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const all = useSubAccounts(first(''));
  const searched = useSubAccounts(first(search));

  const wanted = auth === WHITELIST_AUTH ? undefined : auth;
  const listed = all.data?.list.find((sub) => sub.username === wanted);
  // A bookmark may name a sub-account beyond the first page: look it up by name.
  const beyondFirstPage =
    wanted !== undefined &&
    all.data !== undefined &&
    listed === undefined &&
    all.data.total > all.data.list.length;
  const lookup = useSubAccounts(first(beyondFirstPage ? wanted : ''));
  const named: SubAccount | undefined =
    listed ?? (beyondFirstPage ? lookup.data?.list.find((sub) => sub.username === wanted) : undefined);

  const shown = search === '' ? all.data?.list : searched.data?.list;
  return {
    /** The first page of sub-accounts (what the default is chosen from); undefined while loading. */
    subs: all.data?.list,
    /** The sub-account `auth` names, when it exists. */
    named,
    /** Still finding out whether `auth` names a sub-account. */
    resolving: all.isPending || (beyondFirstPage && lookup.isFetching),
    isError: all.isError,
    refetch: () => void all.refetch(),
    options: shown ?? [],
    searching: searched.isFetching && search !== '',
    searchText,
    setSearchText,
  };
}

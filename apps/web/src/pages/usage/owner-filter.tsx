import { Select } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSubAccount } from '../../features/subaccounts/api/get-sub-account';
import { useSubAccounts } from '../../features/subaccounts/api/get-sub-accounts';
import type { OwnerFilter as Owner } from '../../features/traffic/usage-filters';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** How many sub-accounts the list offers at once; typing searches the rest on the server. */
const OPTIONS_SHOWN = 50;
const SEARCH_DEBOUNCE_MS = 300;

const ownerOf = (value: string): Owner => (value === 'all' || value === 'main' ? value : Number(value));

/** Everyone, the main account (and its whitelisted IPs), or one sub-account, searched by name. */
export function OwnerFilter({ value, onChange }: { value: Owner; onChange: (owner: Owner) => void }) {
  const intl = useIntl();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const subs = useSubAccounts({ page: 1, pageSize: OPTIONS_SHOWN, search });
  // The chosen sub-account's name, when it is not among the options (a bookmark, a long list).
  const chosenId = typeof value === 'number' ? value : undefined;
  const listed = subs.data?.list ?? [];
  const chosen = useSubAccount(
    chosenId !== undefined && !listed.some((sub) => sub.id === chosenId) ? chosenId : undefined,
  );

  const subOptions = listed.map((sub) => ({ value: String(sub.id), label: sub.username }));
  if (chosenId !== undefined && !listed.some((sub) => sub.id === chosenId)) {
    subOptions.unshift({
      value: String(chosenId),
      label: chosen.data?.username ?? intl.formatMessage({ id: 'usage.owner.deleted' }, { id: chosenId }),
    });
  }

  return (
    <Select<string>
      data-testid="usage-sub-filter"
      aria-label={intl.formatMessage({ id: 'usage.filter.owner' })}
      style={{ minWidth: 220 }}
      showSearch
      filterOption={false}
      searchValue={searchText}
      onSearch={setSearchText}
      onOpenChange={(open) => {
        if (!open) setSearchText('');
      }}
      loading={subs.isFetching}
      value={String(value)}
      onChange={(next) => {
        setSearchText('');
        onChange(ownerOf(next));
      }}
      options={[
        { value: 'all', label: intl.formatMessage({ id: 'usage.filter.allOwners' }) },
        { value: 'main', label: intl.formatMessage({ id: 'usage.owner.main' }) },
        ...(subOptions.length > 0
          ? [{ label: intl.formatMessage({ id: 'usage.filter.subs' }), options: subOptions }]
          : []),
      ]}
    />
  );
}

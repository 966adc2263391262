import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { SubAccount } from '@resiport/contract';
import { Button, Card, Flex, Input } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { PageShell } from '../../components/page-shell';
import { UnitsNote } from '../../components/units-note';
import { useSubAccounts } from '../../features/subaccounts/api/get-sub-accounts';
import { rowTestId } from '../../lib/row-test-id';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { MainTrafficStrip } from './main-traffic-strip';
import { useSubAccountColumns } from './sub-account-columns';
import { TrafficModal } from './traffic-modal';

const PAGE_SIZE = 10;
/** The server searches once typing pauses, not on every keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /proxysetting/subaccount: what the main account can still allocate, then the sub-accounts (proxy
 * users) with their credentials, traffic and status, searched and paged on the server.
 */
export default function SubAccountsPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const subs = useSubAccounts({ page, pageSize: PAGE_SIZE, search });
  const [trafficOf, setTrafficOf] = useState<SubAccount>();
  const columns = useSubAccountColumns(setTrafficOf);

  const data = subs.data;
  // Deleting the last row of the last page leaves an empty page: go to the page that is now last.
  const lastPage = data === undefined ? page : Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  if (data?.list.length === 0 && page > lastPage) setPage(lastPage);

  const add = (testId: string) => (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      data-testid={testId}
      onClick={() => void navigate(paths.addSubAccount)}
    >
      <FormattedMessage id="subaccount.add" />
    </Button>
  );

  const empty =
    search !== '' ? (
      <EmptyState title="subaccount.emptySearch" hint="subaccount.emptySearchHint" />
    ) : (
      <EmptyState title="subaccount.empty" hint="subaccount.emptyHint" action={add('sub-add-empty')} />
    );

  return (
    <PageShell title="menu.proxysetting.subaccount" subtitle="subaccount.subtitle">
      <Flex vertical gap={16}>
        <MainTrafficStrip addButton={add('sub-add')} />
        <Card>
          <Flex vertical gap={16}>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={intl.formatMessage({ id: 'subaccount.search' })}
              aria-label={intl.formatMessage({ id: 'subaccount.search' })}
              value={searchText}
              maxLength={100}
              style={{ maxWidth: 360 }}
              data-testid="sub-search"
              onChange={(event) => {
                setSearchText(event.target.value);
                setPage(1);
              }}
            />
            <PagedTable<SubAccount>
              testId="sub-table"
              rowKey="id"
              size="middle"
              columns={columns}
              query={subs}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={setPage}
              totalText="subaccount.list.total"
              failed={{ title: 'subaccount.list.failed', hint: 'subaccount.list.failedHint' }}
              empty={empty}
              onRow={(sub) => rowTestId(`sub-row-${sub.username}`)}
            />
            <UnitsNote />
          </Flex>
        </Card>
      </Flex>
      <TrafficModal sub={trafficOf} onClose={() => setTrafficOf(undefined)} />
    </PageShell>
  );
}

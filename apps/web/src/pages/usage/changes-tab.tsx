import { ShoppingCartOutlined } from '@ant-design/icons';
import type { TrafficChange } from '@resiport/contract';
import { Button } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { paths } from '../../config/paths';
import { useChangelog } from '../../features/traffic/api/get-changelog';
import type { DateRange } from '../../features/traffic/date-range';
import { isFiltered, lastPageOf, ownerParam, type UsageFilters } from '../../features/traffic/usage-filters';
import { rowTestId } from '../../lib/row-test-id';
import { useChangeColumns } from './change-columns';

export const PAGE_SIZE = 20;

interface TabProps {
  filters: UsageFilters;
  range: DateRange;
  update: (change: Partial<UsageFilters>) => void;
}

/** The traffic change record: every purchase, trial, allocation, recycling, refund … newest first. */
export function ChangesTab({ filters, range, update }: TabProps) {
  const navigate = useNavigate();
  const changes = useChangelog({
    range,
    subaccountId: ownerParam(filters.owner),
    kind: filters.kind,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const columns = useChangeColumns();
  const data = changes.data;

  // A bookmarked page past the end (rows were fewer then): go to the last page there is.
  const lastPage = data ? lastPageOf(data.total, PAGE_SIZE) : filters.page;
  useEffect(() => {
    if (data && !changes.isPlaceholderData && filters.page > lastPage) update({ page: lastPage });
  }, [data, changes.isPlaceholderData, filters.page, lastPage, update]);

  const empty = isFiltered(filters, 'changes') ? (
    <EmptyState
      testId="usage-changes-empty"
      title="usage.changes.emptyFiltered"
      hint="usage.changes.emptyFilteredHint"
    />
  ) : (
    <EmptyState
      testId="usage-changes-empty"
      title="usage.changes.empty"
      hint="usage.changes.emptyHint"
      action={
        <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => void navigate(paths.newOrder)}>
          <FormattedMessage id="dashboard.buyTraffic" />
        </Button>
      }
    />
  );

  return (
    <PagedTable<TrafficChange>
      testId="traffic-changes-table"
      rowKey="id"
      columns={columns}
      query={changes}
      page={filters.page}
      pageSize={PAGE_SIZE}
      onPage={(page) => update({ page })}
      totalText="usage.list.total"
      failed={{ title: 'usage.changes.failed', hint: 'usage.failedHint' }}
      empty={empty}
      onRow={(change) => rowTestId(`traffic-change-${change.id}`)}
    />
  );
}

import { DownloadOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { TrafficChange } from '@resiport/contract';
import { Button, Flex, Tooltip } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { paths } from '../../config/paths';
import { useDownloadChangesCsv } from '../../features/traffic/api/download-csv';
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

/**
 * The traffic change record: every purchase, trial, allocation, recycling, refund, usage … newest
 * first, exportable as CSV with the same filters.
 */
export function ChangesTab({ filters, range, update }: TabProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const subaccountId = ownerParam(filters.owner);
  const changes = useChangelog({
    range,
    subaccountId,
    kind: filters.kind,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const csv = useDownloadChangesCsv();
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
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <Tooltip title={intl.formatMessage({ id: 'usage.changes.csvHint' })}>
          <Button
            icon={<DownloadOutlined />}
            data-testid="usage-changes-csv"
            loading={csv.isPending}
            onClick={() => csv.mutate({ range, subaccountId, kind: filters.kind })}
          >
            <FormattedMessage id="usage.csv" />
          </Button>
        </Tooltip>
      </Flex>
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
    </Flex>
  );
}

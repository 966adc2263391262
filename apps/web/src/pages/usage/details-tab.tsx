import { DownloadOutlined } from '@ant-design/icons';
import type { UsageRow } from '@resiport/contract';
import { Button, Flex, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrentUser } from '../../lib/current-user';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { PagedTable } from '../../components/paged-table';
import { useDetails } from '../../features/traffic/api/get-details';
import { useUsage } from '../../features/traffic/api/get-usage';
import { useDownloadDetailsCsv } from '../../features/traffic/api/download-csv';
import { FreshnessText } from '../../features/traffic/components/freshness-text';
import { UsageBarChart } from '../../features/traffic/components/usage-bar-chart';
import type { DateRange } from '../../features/traffic/date-range';
import { MbText } from '../../features/traffic/components/mb-text';
import { formatCount, formatMb } from '../../lib/format';
import { isFiltered, lastPageOf, ownerParam, type UsageFilters } from '../../features/traffic/usage-filters';
import { PAGE_SIZE } from './changes-tab';
import { useDetailColumns } from './detail-columns';

const CHART_HEIGHT = 260;

interface TabProps {
  filters: UsageFilters;
  range: DateRange;
  update: (change: Partial<UsageFilters>) => void;
}

const rowKey = (row: UsageRow) => `${row.period}|${row.subaccount_id ?? 'main'}|${row.source_ip ?? ''}`;

/**
 * The usage detail: the range's totals and freshness, a chart per hour (ranges of up to 2 days) or
 * per day, stacked by the biggest owners when every account is shown, and the rows, exportable as CSV.
 */
export function DetailsTab({ filters, range, update }: TabProps) {
  const intl = useIntl();
  const user = useCurrentUser();
  const subaccountId = ownerParam(filters.owner);
  const usage = useUsage({ range, subaccountId });
  const details = useDetails({ range, subaccountId, page: filters.page, pageSize: PAGE_SIZE });
  const csv = useDownloadDetailsCsv();
  const columns = useDetailColumns(details.data?.granularity ?? usage.data?.granularity ?? 'day');
  const mb = intl.formatMessage({ id: 'usage.unit.mb' });
  const data = details.data;
  const totals = usage.data?.range_totals;

  const lastPage = data ? lastPageOf(data.total, PAGE_SIZE) : filters.page;
  useEffect(() => {
    if (data && !details.isPlaceholderData && filters.page > lastPage) update({ page: lastPage });
  }, [data, details.isPlaceholderData, filters.page, lastPage, update]);

  const neverUsed = user.traffic_used_bytes <= 0 && !isFiltered(filters, 'details');

  const chart = usage.data ? (
    <UsageBarChart
      testId="usage-chart"
      data={usage.data}
      stacked={filters.owner === 'all'}
      height={CHART_HEIGHT}
      emptyText={<FormattedMessage id="usage.chart.empty" />}
    />
  ) : usage.isError ? (
    <LoadFailed title="usage.failed" hint="usage.failedHint" onReload={() => void usage.refetch()} />
  ) : (
    <div data-testid="usage-chart-loading" style={{ height: CHART_HEIGHT }}>
      <Skeleton active title={false} paragraph={{ rows: 8 }} />
    </div>
  );

  const empty = neverUsed ? (
    <EmptyState testId="usage-details-empty" title="usage.details.empty" hint="usage.details.emptyHint" />
  ) : (
    <EmptyState
      testId="usage-details-empty"
      title="usage.details.emptyFiltered"
      hint="usage.details.emptyFilteredHint"
    />
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-end" gap={16} wrap>
        <Flex gap={32} wrap align="flex-end">
          <Statistic
            title={<FormattedMessage id="usage.total" />}
            // After a failure the total is unknown ("—"), not loading forever.
            loading={totals === undefined && !usage.isError}
            value={totals === undefined ? '—' : formatMb(totals.bytes_total, intl.locale)}
            suffix={totals === undefined ? undefined : mb}
            valueStyle={{ fontWeight: 600 }}
            valueRender={(node) => <span data-testid="usage-total-mb">{node}</span>}
          />
          {totals && (
            <Flex vertical gap={2} style={{ paddingBottom: 4 }}>
              <Typography.Text type="secondary">
                <FormattedMessage id="usage.total.upload" />:{' '}
                <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <MbText bytes={totals.bytes_up} /> {mb}
                </span>
                {' · '}
                <FormattedMessage id="usage.total.download" />:{' '}
                <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <MbText bytes={totals.bytes_down} /> {mb}
                </span>
              </Typography.Text>
              <Typography.Text type="secondary">
                <FormattedMessage id="usage.total.requests" />:{' '}
                <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(totals.requests, intl.locale)}
                </span>
              </Typography.Text>
            </Flex>
          )}
        </Flex>
        <Flex gap={16} align="center" wrap>
          {usage.data && <FreshnessText testId="usage-freshness" lastFlushAt={usage.data.last_flush_at} />}
          <Tooltip title={intl.formatMessage({ id: 'usage.csv.hint' })}>
            <Button
              icon={<DownloadOutlined />}
              data-testid="usage-csv"
              loading={csv.isPending}
              onClick={() => csv.mutate({ range, subaccountId })}
            >
              <FormattedMessage id="usage.csv" />
            </Button>
          </Tooltip>
        </Flex>
      </Flex>
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          <FormattedMessage
            id="usage.chart.title"
            values={{ granularity: usage.data?.granularity ?? details.data?.granularity ?? 'day' }}
          />
        </Typography.Title>
        {chart}
      </div>
      <PagedTable<UsageRow>
        testId="traffic-details-table"
        rowKey={rowKey}
        columns={columns}
        query={details}
        page={filters.page}
        pageSize={PAGE_SIZE}
        onPage={(page) => update({ page })}
        totalText="usage.list.total"
        failed={{ title: 'usage.failed', hint: 'usage.failedHint' }}
        empty={empty}
      />
    </Flex>
  );
}

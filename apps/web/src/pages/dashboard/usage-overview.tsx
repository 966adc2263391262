import { ApiOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { UsageData } from '@resiport/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { UnitsNote } from '../../components/units-note';
import { paths } from '../../config/paths';
import { FreshnessText } from '../../features/traffic/components/freshness-text';
import { UsageBarChart } from '../../features/traffic/components/usage-bar-chart';
import { formatMb } from '../../lib/format';
import type { MessageId } from '../../locales/types';

const CHART_HEIGHT = 240;

interface UsageOverviewProps {
  usage: UseQueryResult<UsageData>;
  /** Never used any traffic: say how to start instead of an empty chart. */
  isNew: boolean;
  /** Has traffic to use: the next step is generating proxies, not buying. */
  hasTraffic: boolean;
}

/** The last 30 days per day (UTC, MB), and the totals of today, 7 and 30 days. */
export function UsageOverview({ usage, isNew, hasTraffic }: UsageOverviewProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { data } = usage;
  const mb = intl.formatMessage({ id: 'usage.unit.mb' });

  let body: ReactNode;
  if (data === undefined && usage.isError) {
    body = (
      <LoadFailed
        testId="dashboard-usage-error"
        title="usage.failed"
        hint="usage.failedHint"
        onReload={() => void usage.refetch()}
      />
    );
  } else if (data === undefined) {
    body = (
      <div data-testid="dashboard-usage-loading" style={{ height: CHART_HEIGHT }}>
        <Skeleton active title={false} paragraph={{ rows: 7 }} />
      </div>
    );
  } else if (isNew) {
    body = (
      <EmptyState
        testId="dashboard-no-usage"
        title="dashboard.noUsage.title"
        hint="dashboard.noUsage.hint"
        action={
          hasTraffic ? (
            <Button type="primary" icon={<ApiOutlined />} onClick={() => void navigate(paths.residential)}>
              <FormattedMessage id="dashboard.generate" />
            </Button>
          ) : (
            <Button
              type="primary"
              icon={<ShoppingCartOutlined />}
              onClick={() => void navigate(paths.newOrder)}
            >
              <FormattedMessage id="dashboard.buyTraffic" />
            </Button>
          )
        }
      />
    );
  } else {
    body = (
      <UsageBarChart
        testId="dashboard-usage-chart"
        data={data}
        stacked={false}
        height={CHART_HEIGHT}
        emptyText={<FormattedMessage id="dashboard.chart.empty" />}
      />
    );
  }

  const total = (id: MessageId, testId: string, bytes: number | undefined) => (
    <Col xs={8}>
      <Statistic
        title={<FormattedMessage id={id} />}
        // After a failure the figure is unknown ("—"), not loading forever.
        loading={bytes === undefined && !usage.isError}
        value={bytes === undefined ? '—' : formatMb(bytes, intl.locale)}
        suffix={bytes === undefined ? undefined : mb}
        valueStyle={{ fontSize: 20, fontWeight: 600 }}
        valueRender={(node) => <span data-testid={testId}>{node}</span>}
      />
    </Col>
  );

  return (
    <Card
      title={<FormattedMessage id="dashboard.chart.title" />}
      extra={
        <Flex gap={16} align="center" wrap>
          {data && <FreshnessText testId="dashboard-freshness" lastFlushAt={data.last_flush_at} />}
          <Link to={`${paths.usage}?tab=details`}>
            <FormattedMessage id="dashboard.chart.details" />
          </Link>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {body}
        <Row gutter={16}>
          {total('dashboard.total.today', 'dashboard-total-today', data?.totals.today_bytes)}
          {total('dashboard.total.7d', 'dashboard-total-7d', data?.totals.last_7_days_bytes)}
          {total('dashboard.total.30d', 'dashboard-total-30d', data?.totals.last_30_days_bytes)}
        </Row>
        <UnitsNote id="common.units.mb" />
      </Flex>
    </Card>
  );
}

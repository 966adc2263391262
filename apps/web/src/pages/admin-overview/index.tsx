import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadFailed } from '../../components/load-failed';
import { PageShell } from '../../components/page-shell';
import { UtcDateTime } from '../../components/utc-date-time';
import { useOverview } from '../../features/admin/overview/api/get-overview';
import { AttentionCard } from './attention-card';
import { GatewaysCard, JobsCard } from './health-cards';
import { OverviewCharts } from './overview-charts';
import { WindowStats } from './window-stats';

/**
 * /admin/overview: money, traffic and customers for today, 7 and 30 UTC days; what waits for the
 * operator; and whether gateways and background jobs are healthy.
 */
export default function AdminOverviewPage() {
  const intl = useIntl();
  const overview = useOverview();
  const [days, setDays] = useState(7);
  const data = overview.data;
  const window = data?.windows.find((w) => w.days === days);
  return (
    <PageShell
      title="menu.admin.overview"
      subtitle="admin.overview.subtitle"
      extra={
        <Flex align="center" gap={8} wrap>
          {data && (
            <span data-testid="overview-generated">
              <FormattedMessage id="admin.overview.asOf" /> <UtcDateTime iso={data.generated_at} />
            </span>
          )}
          <Button
            icon={<ReloadOutlined />}
            loading={overview.isFetching}
            onClick={() => void overview.refetch()}
            aria-label={intl.formatMessage({ id: 'admin.overview.reload' })}
          />
        </Flex>
      }
    >
      {overview.isError ? (
        <LoadFailed
          title="admin.overview.failed"
          hint="admin.loadFailed.hint"
          onReload={() => void overview.refetch()}
        />
      ) : !data || !window ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Flex vertical gap={16}>
          <Segmented
            data-testid="overview-window"
            value={days}
            onChange={(value) => setDays(value)}
            options={data.windows.map((w) => ({
              value: w.days,
              label: intl.formatMessage({ id: 'admin.overview.window' }, { days: w.days }),
            }))}
          />
          <WindowStats figures={window} />
          <AttentionCard invoices={data.invoices} />
          <OverviewCharts daily={data.daily} />
          <GatewaysCard gateways={data.gateways} />
          <JobsCard jobs={data.jobs} />
        </Flex>
      )}
    </PageShell>
  );
}

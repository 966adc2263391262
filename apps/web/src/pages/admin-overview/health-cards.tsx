import type { GatewayHealth, JobHealth } from '@resiport/contract';
import { Badge, Card, Table, Typography, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { UtcDateTime } from '../../components/utc-date-time';
import { formatCount } from '../../lib/format';

const orNever = (iso: string | null) =>
  iso ? <UtcDateTime iso={iso} /> : <FormattedMessage id="admin.overview.never" />;

/** Every gateway process that has read the change feed: online, last usage batch, events behind. */
export function GatewaysCard({ gateways }: { gateways: readonly GatewayHealth[] }) {
  const intl = useIntl();
  const columns: TableColumnsType<GatewayHealth> = [
    {
      title: <FormattedMessage id="admin.overview.gateway" />,
      dataIndex: 'instance_id',
      render: (id: string) => <code>{id}</code>,
    },
    {
      title: <FormattedMessage id="admin.overview.state" />,
      dataIndex: 'online',
      render: (online: boolean) => (
        <Badge
          status={online ? 'success' : 'error'}
          text={<FormattedMessage id={online ? 'admin.overview.online' : 'admin.overview.offline'} />}
        />
      ),
    },
    {
      title: <FormattedMessage id="admin.overview.lastSeen" />,
      dataIndex: 'last_seen_at',
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      title: <FormattedMessage id="admin.overview.lastUsage" />,
      dataIndex: 'last_usage_at',
      render: orNever,
    },
    {
      title: <FormattedMessage id="admin.overview.lag" />,
      dataIndex: 'feed_lag_events',
      align: 'right',
      render: (lag: number) => formatCount(lag, intl.locale),
    },
  ];
  return (
    <Card size="small" title={<FormattedMessage id="admin.overview.gateways" />}>
      <Table<GatewayHealth>
        data-testid="overview-gateways"
        size="small"
        rowKey="instance_id"
        columns={columns}
        dataSource={[...gateways]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <EmptyState title="admin.overview.gateways.empty" hint="admin.overview.gateways.emptyHint" />
          ),
        }}
      />
    </Card>
  );
}

/** The periodic jobs (payment reconciliation, lease reclaim): who runs them and how they last went. */
export function JobsCard({ jobs }: { jobs: readonly JobHealth[] }) {
  const columns: TableColumnsType<JobHealth> = [
    {
      title: <FormattedMessage id="admin.overview.job" />,
      dataIndex: 'name',
      render: (name: string) => <code>{name}</code>,
    },
    {
      title: <FormattedMessage id="admin.overview.state" />,
      dataIndex: 'healthy',
      render: (healthy: boolean, job) => (
        <Badge
          status={
            healthy
              ? 'success'
              : job.last_success_at === null && job.last_failure_at === null
                ? 'default'
                : 'error'
          }
          text={
            <FormattedMessage
              id={
                healthy
                  ? 'admin.overview.job.ok'
                  : job.last_failure_at === null
                    ? 'admin.overview.job.notRun'
                    : 'admin.overview.job.failing'
              }
            />
          }
        />
      ),
    },
    {
      title: <FormattedMessage id="admin.overview.job.success" />,
      dataIndex: 'last_success_at',
      render: orNever,
    },
    {
      title: <FormattedMessage id="admin.overview.job.failure" />,
      dataIndex: 'last_failure_at',
      render: (iso: string | null, job) =>
        iso ? (
          <>
            <UtcDateTime iso={iso} />
            {job.last_error && (
              <Typography.Text
                type="danger"
                style={{ display: 'block', maxWidth: 320 }}
                ellipsis={{ tooltip: job.last_error }}
              >
                {job.last_error}
              </Typography.Text>
            )}
          </>
        ) : (
          '—'
        ),
    },
    {
      title: <FormattedMessage id="admin.overview.job.holder" />,
      dataIndex: 'holder',
      render: (holder: string) => <code>{holder}</code>,
    },
  ];
  return (
    <Card size="small" title={<FormattedMessage id="admin.overview.jobs" />}>
      <Table<JobHealth>
        data-testid="overview-jobs"
        size="small"
        rowKey="name"
        columns={columns}
        dataSource={[...jobs]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <EmptyState title="admin.overview.jobs.empty" hint="admin.overview.jobs.emptyHint" />,
        }}
      />
    </Card>
  );
}

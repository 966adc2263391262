import { ReloadOutlined } from '@ant-design/icons';
import type { AlertDelivery } from '@resiport/contract';
import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { UtcDateTime } from '../../components/utc-date-time';

const statusColor = { pending: 'processing', sent: 'success', failed: 'error' } as const;

/** The latest alert deliveries: what, where, whether it arrived, and what the receiver answered. */
export function AlertDeliveryLog(props: {
  deliveries: AlertDelivery[];
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const intl = useIntl();
  const columns: TableColumnsType<AlertDelivery> = [
    {
      title: intl.formatMessage({ id: 'alerts.log.time' }),
      key: 'time',
      render: (_, row) => <UtcDateTime iso={row.created_at} />,
    },
    {
      title: intl.formatMessage({ id: 'alerts.log.what' }),
      key: 'what',
      render: (_, row) => (
        <>
          <FormattedMessage id={`alerts.kind.${row.kind}`} />
          <Typography.Text type="secondary">
            {' · '}
            <FormattedMessage id={`alerts.channel.${row.channel}`} />
          </Typography.Text>
        </>
      ),
    },
    {
      title: intl.formatMessage({ id: 'alerts.log.to' }),
      dataIndex: 'target',
      key: 'to',
      responsive: ['md'],
      render: (target: string) => (
        <Typography.Text ellipsis={{ tooltip: target }} style={{ maxWidth: 260 }}>
          {target}
        </Typography.Text>
      ),
    },
    {
      title: intl.formatMessage({ id: 'alerts.log.status' }),
      key: 'status',
      render: (_, row) => (
        <Flex vertical gap={2}>
          <span>
            <Tag color={statusColor[row.status]} data-testid="alert-delivery-status">
              <FormattedMessage id={`alerts.status.${row.status}`} />
            </Tag>
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <FormattedMessage id="alerts.log.attempts" values={{ count: row.attempts }} />
            {row.next_at && row.attempts > 0 && (
              <>
                {' · '}
                <FormattedMessage id="alerts.log.next" values={{ time: <UtcDateTime iso={row.next_at} /> }} />
              </>
            )}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: intl.formatMessage({ id: 'alerts.log.answer' }),
      key: 'answer',
      responsive: ['sm'],
      render: (_, row) => {
        // An HTTP status says it all; otherwise the code in words, then what the receiver or network said.
        const failure = row.last_error && intl.formatMessage({ id: `alerts.error.${row.last_error}` });
        const answer = [row.last_status ?? failure, row.last_response].filter(Boolean).join(' — ');
        return answer ? (
          <Typography.Text code ellipsis={{ tooltip: answer }} style={{ maxWidth: 260 }}>
            {answer}
          </Typography.Text>
        ) : null;
      },
    },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginTop: 32 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          <FormattedMessage id="alerts.log" />
        </Typography.Title>
        <Button
          icon={<ReloadOutlined />}
          onClick={props.onRefresh}
          loading={props.refreshing}
          data-testid="alerts-log-refresh"
        >
          <FormattedMessage id="alerts.log.refresh" />
        </Button>
      </Flex>
      <Table
        rowKey="id"
        size="small"
        style={{ marginTop: 12 }}
        columns={columns}
        dataSource={props.deliveries}
        pagination={false}
        // On a phone the columns keep their width and the table scrolls sideways.
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <EmptyState title="alerts.log.emptyTitle" hint="alerts.log.empty" testId="alerts-log-empty" />
          ),
        }}
        data-testid="alerts-log"
      />
    </>
  );
}

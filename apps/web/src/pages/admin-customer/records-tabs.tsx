import type { CustomerSession, Order, RechargeRecord, SignInMethod } from '@resiport/contract';
import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { PagedTable } from '../../components/paged-table';
import { UtcDateTime } from '../../components/utc-date-time';
import {
  useCustomerOrders,
  useCustomerSessions,
  useCustomerTopups,
  useCustomerUsage,
} from '../../features/admin/customers/api/get-customer-records';
import { UsageBarChart } from '../../features/traffic/components/usage-bar-chart';
import type { MessageId } from '../../locales/types';
import { useRechargeColumns } from '../recharge/recharge-columns';
import { useOrderColumns } from '../residential/order-columns';

const PAGE_SIZE = 10;
const noCheck = { onCheck: () => undefined, checkingId: undefined, withActions: false };

/** The customer's orders as the customer's own list shows them, without the pay and check buttons. */
export function OrdersTab({ accountId }: { accountId: number }) {
  const [page, setPage] = useState(1);
  const orders = useCustomerOrders(accountId, page, PAGE_SIZE);
  const columns = useOrderColumns(noCheck);
  return (
    <PagedTable<Order>
      testId="customer-orders"
      rowKey="id"
      size="small"
      columns={columns}
      query={orders}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      totalText="admin.customers.orders.total"
      failed={{ title: 'admin.customers.orders.failed', hint: 'admin.loadFailed.hint' }}
      empty={<EmptyState title="admin.customers.orders.empty" hint="admin.customers.orders.emptyHint" />}
    />
  );
}

/** The customer's crypto top-ups with their provider status, as the recharge record shows them. */
export function TopupsTab({ accountId }: { accountId: number }) {
  const [page, setPage] = useState(1);
  const topups = useCustomerTopups(accountId, page, PAGE_SIZE);
  const columns = useRechargeColumns(noCheck);
  return (
    <PagedTable<RechargeRecord>
      testId="customer-topups"
      rowKey="id"
      size="small"
      columns={columns}
      query={topups}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      totalText="admin.customers.topups.total"
      failed={{ title: 'admin.customers.topups.failed', hint: 'admin.loadFailed.hint' }}
      empty={<EmptyState title="admin.customers.topups.empty" hint="admin.customers.topups.emptyHint" />}
    />
  );
}

const methodText: Record<SignInMethod, MessageId> = {
  password: 'admin.customers.sessions.method.password',
  google: 'admin.customers.sessions.method.google',
  yandex: 'admin.customers.sessions.method.yandex',
};

/** Every sign-in of the customer, ended ones too, most recently used first. */
export function SessionsTab({ accountId }: { accountId: number }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const sessions = useCustomerSessions(accountId, page, PAGE_SIZE);
  const title = (id: MessageId) => intl.formatMessage({ id });
  const columns: TableColumnsType<CustomerSession> = [
    {
      key: 'method',
      dataIndex: 'method',
      title: title('admin.customers.sessions.col.method'),
      render: (method: SignInMethod) => <FormattedMessage id={methodText[method]} />,
    },
    { key: 'ip', dataIndex: 'ip', title: title('admin.customers.sessions.col.ip') },
    {
      key: 'agent',
      dataIndex: 'user_agent',
      title: title('admin.customers.sessions.col.agent'),
      render: (agent: string) => (
        <Typography.Text ellipsis={{ tooltip: agent }} style={{ maxWidth: 260, fontSize: 'inherit' }}>
          {agent || '—'}
        </Typography.Text>
      ),
    },
    {
      key: 'created',
      dataIndex: 'created_at',
      title: title('admin.customers.sessions.col.created'),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      key: 'lastSeen',
      dataIndex: 'last_seen_at',
      title: title('admin.customers.sessions.col.lastSeen'),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      key: 'state',
      dataIndex: 'revoked_at',
      title: title('admin.customers.sessions.col.state'),
      render: (revoked: string | null) =>
        revoked === null ? (
          <Tag color="green">
            <FormattedMessage id="admin.customers.sessions.live" />
          </Tag>
        ) : (
          <Flex gap={4} align="center" wrap>
            <FormattedMessage
              id="admin.customers.sessions.revoked"
              values={{ at: <UtcDateTime iso={revoked} /> }}
            />
          </Flex>
        ),
    },
  ];
  return (
    <PagedTable<CustomerSession>
      testId="customer-sessions"
      rowKey="id"
      size="small"
      columns={columns}
      query={sessions}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      totalText="admin.customers.sessions.total"
      failed={{ title: 'admin.customers.sessions.failed', hint: 'admin.loadFailed.hint' }}
      empty={<EmptyState title="admin.customers.sessions.empty" hint="admin.customers.sessions.emptyHint" />}
    />
  );
}

/** The customer's usage per day over the last 30 UTC days (the chart of their own dashboard). */
export function UsageTab({ accountId }: { accountId: number }) {
  const usage = useCustomerUsage(accountId);
  if (usage.isError) {
    return (
      <LoadFailed
        title="admin.customers.usage.failed"
        hint="admin.loadFailed.hint"
        onReload={() => void usage.refetch()}
      />
    );
  }
  if (!usage.data) return <div style={{ height: 240 }} />;
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        <FormattedMessage id="admin.customers.usage.title" />
      </Typography.Text>
      <UsageBarChart
        testId="customer-usage-chart"
        data={usage.data}
        stacked
        height={240}
        emptyText={<FormattedMessage id="admin.customers.usage.empty" />}
      />
    </Flex>
  );
}

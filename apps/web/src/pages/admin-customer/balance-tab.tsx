import type { CustomerDetail, CustomerSubaccount, WhitelistEntry } from '@resiport/contract';
import { Card, Col, Flex, Row, Statistic, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { TrafficText } from '../../components/traffic-text';
import { UtcDateTime } from '../../components/utc-date-time';
import { formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

const PAGE_SIZE = 10;

/** A list the detail already holds, paged on the page (sub-accounts, whitelist) with PagedTable's looks. */
function useLocalPage<Row>(rows: Row[]) {
  const [page, setPage] = useState(1);
  const query = {
    data: { list: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: rows.length },
    isFetching: false,
    isPlaceholderData: false,
    isError: false,
    isPending: false,
    refetch: () => undefined,
  };
  return { page, setPage, query };
}

/** The balance and the traffic (total, main, sub-accounts), then each sub-account's figures. */
export function BalanceTab({ customer }: { customer: CustomerDetail }) {
  const intl = useIntl();
  const { traffic } = customer;
  const subs = useLocalPage(customer.subaccounts);
  const title = (id: MessageId) => intl.formatMessage({ id });
  const figure = (id: MessageId, value: ReactNode, testId: string) => (
    <Col xs={12} md={8} xl={4}>
      <Statistic title={title(id)} valueRender={() => <span data-testid={testId}>{value}</span>} />
    </Col>
  );
  const columns: TableColumnsType<CustomerSubaccount> = [
    {
      key: 'username',
      dataIndex: 'username',
      title: title('admin.customers.subs.col.username'),
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    { key: 'remark', dataIndex: 'remark', title: title('admin.customers.subs.col.remark') },
    {
      key: 'status',
      dataIndex: 'status',
      title: title('admin.customers.subs.col.status'),
      render: (status: CustomerSubaccount['status']) => (
        <Tag color={status === 'active' ? 'green' : 'default'}>
          <FormattedMessage id={`admin.customers.subs.status.${status}`} />
        </Tag>
      ),
    },
    {
      key: 'left',
      dataIndex: 'traffic_left_bytes',
      title: title('admin.customers.subs.col.left'),
      align: 'right',
      render: (bytes: number) => <TrafficText bytes={bytes} />,
    },
    {
      key: 'used',
      dataIndex: 'traffic_used_bytes',
      title: title('admin.customers.subs.col.used'),
      align: 'right',
      render: (bytes: number) => <TrafficText bytes={bytes} />,
    },
    {
      key: 'created',
      dataIndex: 'created_at',
      title: title('admin.customers.subs.col.created'),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {figure(
          'admin.customers.balance',
          formatUsd(customer.balance_cents, intl.locale),
          'customer-balance',
        )}
        {figure(
          'admin.customers.traffic.total',
          <TrafficText bytes={traffic.total_left_bytes} />,
          'customer-traffic-total',
        )}
        {figure(
          'admin.customers.traffic.main',
          <TrafficText bytes={traffic.main_left_bytes} />,
          'customer-traffic-main',
        )}
        {figure(
          'admin.customers.traffic.subs',
          <TrafficText bytes={traffic.subaccounts_left_bytes} />,
          'customer-traffic-subs',
        )}
        {figure(
          'admin.customers.traffic.used',
          <TrafficText bytes={traffic.total_used_bytes} />,
          'customer-traffic-used',
        )}
        {figure(
          'admin.customers.traffic.mainUsed',
          <TrafficText bytes={traffic.main_used_bytes} />,
          'customer-traffic-main-used',
        )}
      </Row>
      <Card size="small" title={<FormattedMessage id="admin.customers.subs.title" />}>
        <PagedTable<CustomerSubaccount>
          testId="customer-subaccounts"
          rowKey="id"
          size="small"
          columns={columns}
          query={subs.query}
          page={subs.page}
          pageSize={PAGE_SIZE}
          onPage={subs.setPage}
          totalText="admin.total"
          failed={{ title: 'admin.customers.detailFailed', hint: 'admin.loadFailed.hint' }}
          empty={<EmptyState title="admin.customers.subs.empty" hint="admin.customers.subs.emptyHint" />}
        />
      </Card>
    </Flex>
  );
}

/** The whitelisted source addresses (at most 50: the detail holds them all). */
export function WhitelistTab({ entries }: { entries: WhitelistEntry[] }) {
  const intl = useIntl();
  const list = useLocalPage(entries);
  const title = (id: MessageId) => intl.formatMessage({ id });
  const columns: TableColumnsType<WhitelistEntry> = [
    {
      key: 'ip',
      dataIndex: 'ip',
      title: title('admin.customers.whitelist.col.ip'),
      render: (ip: string) => <Typography.Text copyable>{ip}</Typography.Text>,
    },
    { key: 'remark', dataIndex: 'remark', title: title('admin.customers.whitelist.col.remark') },
    {
      key: 'added',
      dataIndex: 'created_at',
      title: title('admin.customers.whitelist.col.added'),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
  ];
  return (
    <PagedTable<WhitelistEntry>
      testId="customer-whitelist"
      rowKey="id"
      size="small"
      columns={columns}
      query={list.query}
      page={list.page}
      pageSize={PAGE_SIZE}
      onPage={list.setPage}
      totalText="admin.total"
      failed={{ title: 'admin.customers.detailFailed', hint: 'admin.loadFailed.hint' }}
      empty={
        <EmptyState title="admin.customers.whitelist.empty" hint="admin.customers.whitelist.emptyHint" />
      }
    />
  );
}

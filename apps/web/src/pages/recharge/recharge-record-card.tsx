import type { RechargeRecord } from '@resiport/contract';
import { Card, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { useRechargeRecord } from '../../features/recharge/api/get-recharge-record';
import type { RechargeStatus } from '../../features/recharge/payment-check';
import { formatUtcDateTime } from '../../lib/dates';
import { formatUsd } from '../../lib/units';
import type { MessageId } from '../../locales/types';

const PAGE_SIZE = 10;

const statusTag: Record<RechargeStatus, { color: string; text: MessageId }> = {
  pending: { color: 'processing', text: 'recharge.status.pending' },
  paid: { color: 'success', text: 'recharge.status.paid' },
  failed: { color: 'error', text: 'recharge.status.failed' },
  expired: { color: 'default', text: 'recharge.status.expired' },
};

/** The account's top-ups, newest first, paged on the server; times in UTC (spec §9). */
export function RechargeRecordCard() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const record = useRechargeRecord(page, PAGE_SIZE);
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const title = (id: MessageId) => intl.formatMessage({ id });

  const columns: TableColumnsType<RechargeRecord> = [
    {
      key: 'amount',
      dataIndex: 'amount_cents',
      title: title('recharge.col.amount'),
      align: 'right',
      render: usd,
    },
    { key: 'fee', dataIndex: 'fee_cents', title: title('recharge.col.fee'), align: 'right', render: usd },
    {
      key: 'total',
      dataIndex: 'total_cents',
      title: title('recharge.col.total'),
      align: 'right',
      render: usd,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: title('recharge.col.status'),
      render: (status: RechargeStatus) => (
        <Tag color={statusTag[status].color} data-status={status}>
          <FormattedMessage id={statusTag[status].text} />
        </Tag>
      ),
    },
    {
      key: 'created',
      dataIndex: 'created_at',
      title: title('recharge.col.created'),
      render: (value: string) => formatUtcDateTime(value),
    },
    {
      key: 'paid',
      dataIndex: 'paid_at',
      title: title('recharge.col.paid'),
      render: (value: string | null) => (value === null ? '—' : formatUtcDateTime(value)),
    },
  ];

  const empty = <EmptyState title="recharge.record.empty" hint="recharge.record.emptyHint" />;

  return (
    <Card title={<FormattedMessage id="recharge.record" />}>
      <PagedTable<RechargeRecord>
        testId="recharge-record-table"
        rowKey="id"
        columns={columns}
        query={record}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        totalText="recharge.record.total"
        failed={{ title: 'recharge.record.failed', hint: 'recharge.record.failedHint' }}
        empty={empty}
      />
    </Card>
  );
}

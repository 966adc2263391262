import { DownloadOutlined } from '@ant-design/icons';
import type { BalanceEntry } from '@resiport/contract';
import { Button, Card, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { UtcDateTime } from '../../components/utc-date-time';
import { useBalanceHistory, useDownloadBalanceCsv } from '../../features/recharge/api/balance-history';
import { formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

const PAGE_SIZE = 10;

const kindText: Record<BalanceEntry['kind'], MessageId> = {
  recharge: 'balance.kind.recharge',
  overpayment: 'balance.kind.overpayment',
  order_payment: 'balance.kind.order_payment',
  refund: 'balance.kind.refund',
  adjustment: 'balance.kind.adjustment',
};

const referenceText: Record<NonNullable<BalanceEntry['reference']>['type'], MessageId> = {
  recharge: 'balance.ref.recharge',
  order: 'balance.ref.order',
  invoice: 'balance.ref.invoice',
};

function useBalanceColumns(): TableColumnsType<BalanceEntry> {
  const intl = useIntl();
  const usd = (cents: number) => formatUsd(cents, intl.locale);
  const title = (id: MessageId) => intl.formatMessage({ id });
  return [
    {
      key: 'time',
      dataIndex: 'time',
      title: title('balance.col.time'),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: title('balance.col.kind'),
      render: (kind: BalanceEntry['kind'], entry) => (
        <span>
          <FormattedMessage id={kindText[kind]} />
          {entry.reference && (
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              <FormattedMessage
                id={referenceText[entry.reference.type]}
                values={{ id: entry.reference.id }}
              />
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'amount',
      dataIndex: 'amount_cents',
      title: title('balance.col.amount'),
      align: 'right',
      render: (cents: number) => (
        <Typography.Text
          type={cents < 0 ? undefined : 'success'}
          style={{ whiteSpace: 'nowrap', fontSize: 'inherit' }}
        >
          {cents > 0 ? '+' : ''}
          {usd(cents)}
        </Typography.Text>
      ),
    },
    {
      key: 'after',
      dataIndex: 'balance_after_cents',
      title: title('balance.col.after'),
      align: 'right',
      render: usd,
    },
    {
      key: 'note',
      dataIndex: 'note',
      title: title('balance.col.note'),
      render: (note: string | null) => note ?? '—',
    },
  ];
}

/**
 * Every movement of the balance, newest first, from the ledger: top-ups, orders, refunds and the
 * operator's adjustments with the reason they gave; the whole history as CSV.
 */
export function BalanceHistoryCard() {
  const [page, setPage] = useState(1);
  const history = useBalanceHistory(page, PAGE_SIZE);
  const download = useDownloadBalanceCsv();
  const columns = useBalanceColumns();
  return (
    <Card
      title={<FormattedMessage id="balance.history" />}
      extra={
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={download.isPending}
          disabled={history.data?.total === 0}
          onClick={() => download.mutate()}
          data-testid="balance-csv"
        >
          <FormattedMessage id="balance.csv" />
        </Button>
      }
    >
      <PagedTable<BalanceEntry>
        testId="balance-history-table"
        rowKey="id"
        columns={columns}
        query={history}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        totalText="balance.total"
        failed={{ title: 'balance.failed', hint: 'balance.failedHint' }}
        empty={<EmptyState title="balance.empty" hint="balance.emptyHint" />}
      />
    </Card>
  );
}

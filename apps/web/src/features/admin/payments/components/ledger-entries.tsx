import { ledgerKinds, type LedgerEntry, type LedgerKindName } from '@resiport/contract';
import { Table, type TableColumnsType } from 'antd';
import { useIntl } from 'react-intl';
import { UtcDateTime } from '../../../../components/utc-date-time';
import { formatSignedTraffic, formatTraffic, formatUsd } from '../../../../lib/format';

const isKnownKind = (kind: string): kind is LedgerKindName =>
  (ledgerKinds as readonly string[]).includes(kind);

/** A signed amount of money (cents) or traffic (bytes), as the ledger holds it. */
function signed(entry: LedgerEntry, locale: string): string {
  if (entry.asset === 'traffic') return formatSignedTraffic(entry.amount, locale);
  const usd = formatUsd(entry.amount, locale);
  return entry.amount > 0 ? `+${usd}` : usd;
}

/**
 * The ledger entries one order or payment caused (a handful: payment, traffic, refund, credit), oldest
 * first, with the balance each left behind.
 */
export function LedgerEntries({ entries, testId }: { entries: LedgerEntry[]; testId: string }) {
  const intl = useIntl();
  const columns: TableColumnsType<LedgerEntry> = [
    {
      key: 'time',
      dataIndex: 'created_at',
      title: intl.formatMessage({ id: 'admin.time.utc' }),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: intl.formatMessage({ id: 'admin.payments.ledger.kind' }),
      render: (kind: string) =>
        isKnownKind(kind) ? intl.formatMessage({ id: `admin.customers.kind.${kind}` }) : kind,
    },
    {
      key: 'amount',
      title: intl.formatMessage({ id: 'admin.payments.ledger.amount' }),
      align: 'right',
      render: (_value, entry) => <span style={{ whiteSpace: 'nowrap' }}>{signed(entry, intl.locale)}</span>,
    },
    {
      key: 'after',
      title: intl.formatMessage({ id: 'admin.payments.ledger.after' }),
      align: 'right',
      render: (_value, entry) =>
        entry.asset === 'traffic'
          ? formatTraffic(entry.balance_after, intl.locale)
          : formatUsd(entry.balance_after, intl.locale),
    },
  ];
  return (
    <Table<LedgerEntry>
      data-testid={testId}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={entries}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: intl.formatMessage({ id: 'admin.payments.ledger.empty' }) }}
    />
  );
}

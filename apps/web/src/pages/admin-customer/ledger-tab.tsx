import { DownloadOutlined } from '@ant-design/icons';
import { ledgerAssets, ledgerKinds, type LedgerEntry, type LedgerKindName } from '@resiport/contract';
import { Button, Flex, Select, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '../../components/empty-state';
import { PagedTable } from '../../components/paged-table';
import { UtcDateTime } from '../../components/utc-date-time';
import { useCustomerLedger } from '../../features/admin/customers/api/get-customer-records';
import { useDownloadLedgerCsv } from '../../features/admin/customers/api/download-ledger-csv';
import { formatBytesExact, formatSignedTraffic, formatTraffic, formatUsd } from '../../lib/format';
import type { MessageId } from '../../locales/types';

const PAGE_SIZE = 20;
const ALL = 'all';
type Asset = (typeof ledgerAssets)[number];

const kindText = (kind: string): MessageId =>
  (ledgerKinds as readonly string[]).includes(kind)
    ? `admin.customers.kind.${kind as LedgerKindName}`
    : 'admin.customers.ledger.kind.all';

/** The ledger's columns: amounts in the entry's own unit (USD or traffic), exact bytes on hover. */
function useLedgerColumns(): TableColumnsType<LedgerEntry> {
  const intl = useIntl();
  const title = (id: MessageId) => intl.formatMessage({ id });
  const figure = (entry: LedgerEntry, value: number, signed: boolean) => {
    if (entry.asset === 'money') {
      const usd = formatUsd(value, intl.locale);
      return signed && value > 0 ? `+${usd}` : usd;
    }
    const text = signed ? formatSignedTraffic(value, intl.locale) : formatTraffic(value, intl.locale);
    return (
      <Tooltip
        title={intl.formatMessage(
          { id: 'common.bytesExact' },
          { n: value, bytes: formatBytesExact(value, intl.locale) },
        )}
      >
        <span>{text}</span>
      </Tooltip>
    );
  };
  return [
    {
      key: 'time',
      dataIndex: 'created_at',
      title: title('admin.customers.ledger.col.time'),
      render: (iso: string) => <UtcDateTime iso={iso} />,
    },
    {
      key: 'asset',
      dataIndex: 'asset',
      title: title('admin.customers.ledger.col.asset'),
      render: (asset: Asset) => <FormattedMessage id={`admin.customers.ledger.asset.${asset}`} />,
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: title('admin.customers.ledger.col.kind'),
      render: (kind: string) => <FormattedMessage id={kindText(kind)} />,
    },
    {
      key: 'owner',
      dataIndex: 'username',
      title: title('admin.customers.ledger.col.owner'),
      render: (username: string | null) => username ?? <FormattedMessage id="admin.customers.ledger.main" />,
    },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: title('admin.customers.ledger.col.amount'),
      align: 'right',
      render: (amount: number, entry) => (
        <Typography.Text type={amount < 0 ? 'danger' : 'success'} style={{ fontSize: 'inherit' }}>
          {figure(entry, amount, true)}
        </Typography.Text>
      ),
    },
    {
      key: 'after',
      dataIndex: 'balance_after',
      title: title('admin.customers.ledger.col.balanceAfter'),
      align: 'right',
      render: (after: number, entry) => figure(entry, after, false),
    },
    {
      key: 'ref',
      dataIndex: 'ref_type',
      title: title('admin.customers.ledger.col.ref'),
      render: (type: string | null, entry) =>
        type === null ? (
          '—'
        ) : (
          <Typography.Text
            type="secondary"
            style={{ fontSize: 'inherit' }}
          >{`${type} ${entry.ref_id ?? ''}`}</Typography.Text>
        ),
    },
    {
      key: 'note',
      dataIndex: 'note',
      title: title('admin.customers.ledger.col.note'),
      render: (note: string | null) =>
        note === null ? (
          '—'
        ) : (
          <Typography.Text ellipsis={{ tooltip: note }} style={{ maxWidth: 240, fontSize: 'inherit' }}>
            {note}
          </Typography.Text>
        ),
    },
  ];
}

/** Every money and traffic entry of the account, newest first, filtered by asset and kind; exportable. */
export function LedgerTab({ accountId }: { accountId: number }) {
  const intl = useIntl();
  const [asset, setAsset] = useState<Asset>();
  const [kind, setKind] = useState<LedgerKindName>();
  const [page, setPage] = useState(1);
  const ledger = useCustomerLedger({ account_id: accountId, asset, kind, page, page_size: PAGE_SIZE });
  const download = useDownloadLedgerCsv();
  const columns = useLedgerColumns();
  const chooseAsset = (value: Asset | typeof ALL) => {
    setAsset(value === ALL ? undefined : value);
    setPage(1);
  };
  const chooseKind = (value: LedgerKindName | typeof ALL) => {
    setKind(value === ALL ? undefined : value);
    setPage(1);
  };
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        <Flex gap={8} wrap>
          <Select<Asset | typeof ALL>
            value={asset ?? ALL}
            onChange={chooseAsset}
            aria-label={intl.formatMessage({ id: 'admin.customers.ledger.asset' })}
            style={{ minWidth: 170 }}
            data-testid="ledger-asset"
            options={[
              { value: ALL, label: intl.formatMessage({ id: 'admin.customers.ledger.asset.all' }) },
              ...ledgerAssets.map((value) => ({
                value,
                label: intl.formatMessage({ id: `admin.customers.ledger.asset.${value}` }),
              })),
            ]}
          />
          <Select<LedgerKindName | typeof ALL>
            value={kind ?? ALL}
            onChange={chooseKind}
            aria-label={intl.formatMessage({ id: 'admin.customers.ledger.kind' })}
            style={{ minWidth: 200 }}
            data-testid="ledger-kind"
            options={[
              { value: ALL, label: intl.formatMessage({ id: 'admin.customers.ledger.kind.all' }) },
              ...ledgerKinds.map((value) => ({ value, label: intl.formatMessage({ id: kindText(value) }) })),
            ]}
          />
        </Flex>
        <Button
          icon={<DownloadOutlined />}
          loading={download.isPending}
          data-testid="ledger-export"
          onClick={() => download.mutate({ account_id: accountId, asset, kind })}
        >
          <FormattedMessage id="admin.customers.ledger.export" />
        </Button>
      </Flex>
      <PagedTable<LedgerEntry>
        testId="customer-ledger"
        rowKey="id"
        size="small"
        columns={columns}
        query={ledger}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        totalText="admin.customers.ledger.total"
        failed={{ title: 'admin.customers.ledger.failed', hint: 'admin.loadFailed.hint' }}
        empty={<EmptyState title="admin.customers.ledger.empty" hint="admin.customers.ledger.emptyHint" />}
      />
    </Flex>
  );
}

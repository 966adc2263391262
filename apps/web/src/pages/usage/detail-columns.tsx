import type { UsageGranularity, UsageRow } from '@resiport/contract';
import type { TableColumnsType } from 'antd';
import { useIntl } from 'react-intl';
import { OwnerName } from '../../features/traffic/components/owner-name';
import { MbText } from '../../features/traffic/components/mb-text';
import { periodCell } from '../../features/traffic/usage-periods';
import { formatCount } from '../../lib/format';
import type { MessageId } from '../../locales/types';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** One usage row: the period (UTC hour or day), whose traffic, upload, download, total and requests. */
export function useDetailColumns(granularity: UsageGranularity): TableColumnsType<UsageRow> {
  const intl = useIntl();
  const title = (id: MessageId) => intl.formatMessage({ id });
  const mbColumn = (key: 'bytes_up' | 'bytes_down' | 'bytes_total', id: MessageId, strong = false) => ({
    key,
    dataIndex: key,
    title: title(id),
    align: 'right' as const,
    render: (bytes: number) => (
      <MbText bytes={bytes} style={{ ...numeric, fontWeight: strong ? 600 : undefined }} />
    ),
  });
  return [
    {
      key: 'period',
      dataIndex: 'period',
      title: title('usage.col.period'),
      render: (period: string) => <span style={numeric}>{periodCell(period, granularity)}</span>,
    },
    {
      key: 'owner',
      title: title('usage.col.owner'),
      render: (_value, row) => (
        <OwnerName subaccountId={row.subaccount_id} username={row.username} sourceIp={row.source_ip} />
      ),
    },
    mbColumn('bytes_up', 'usage.col.upload'),
    mbColumn('bytes_down', 'usage.col.download'),
    mbColumn('bytes_total', 'usage.col.total', true),
    {
      key: 'requests',
      dataIndex: 'requests',
      title: title('usage.col.requests'),
      align: 'right',
      render: (count: number) => <span style={numeric}>{formatCount(count, intl.locale)}</span>,
    },
  ];
}
